import { documentedSchema, openApiRegistry } from '@tantieme/contract';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { finishDocument, type OpenApiDocument } from './openapi-document.js';

type Meta = { id?: string; description?: string; example?: unknown };
type Transform = ReturnType<typeof createJsonSchemaTransform>;
type TransformObject = ReturnType<typeof createJsonSchemaTransformObject>;

/**
 * The registry the document is generated from: the contract's named schemas, and for every other
 * schema the description given with zod's `.meta()` (zod's global registry), which a separate
 * registry would otherwise lose.
 */
function documentRegistry() {
  const registry = z.registry<Meta>();
  const global = z.globalRegistry._map;
  const own = registry._map;
  registry._map = Object.assign(Object.create(WeakMap.prototype), {
    get: (k: z.core.$ZodType) => own.get(k) ?? global.get(k),
    has: (k: z.core.$ZodType) => own.has(k) || global.has(k),
    set: (k: z.core.$ZodType, v: Meta) => own.set(k, v),
    delete: (k: z.core.$ZodType) => own.delete(k),
  });
  for (const [id, schema] of openApiRegistry._idmap)
    registry.add(schema, { ...openApiRegistry.get(schema), id });
  return registry;
}

/** The zod → OpenAPI transforms given to @fastify/swagger. */
export function openApiTransforms(publicUrl: string): {
  transform: Transform;
  transformObject: TransformObject;
} {
  const schemaRegistry = documentRegistry();
  const perRoute = createJsonSchemaTransform({ schemaRegistry });
  const components = createJsonSchemaTransformObject({ schemaRegistry });
  return {
    // A bulk body validates its items one by one at runtime; the document shows their schema.
    transform: (doc) => {
      const body = doc.schema?.body;
      return perRoute(
        body instanceof z.ZodType ? { ...doc, schema: { ...doc.schema, body: documentedSchema(body) } } : doc,
      );
    },
    transformObject: (doc) =>
      finishDocument(
        components(doc) as unknown as OpenApiDocument,
        publicUrl,
      ) as unknown as ReturnType<TransformObject>,
  };
}
