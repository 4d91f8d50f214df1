import { z } from 'zod';

/**
 * Names the OpenAPI document gives to schemas: a schema registered here is emitted once under
 * `components.schemas` and referenced by `$ref` wherever it appears, so a generated client gets
 * one named type per resource instead of an anonymous copy per operation. Kept apart from zod's
 * global registry so that runtime validation never depends on it.
 */
export const openApiRegistry = z.registry<{ id?: string; description?: string; example?: unknown }>();

/**
 * What the document shows for a schema that validates less at runtime than it promises: a bulk
 * body checks each item itself (one result per item), so its runtime array is `unknown[]`, but an
 * integrator must see the item's shape.
 */
const documented = new WeakMap<z.ZodType, z.ZodType>();

export function documentAs<T extends z.ZodType>(runtime: T, doc: z.ZodType): T {
  documented.set(runtime, doc);
  return runtime;
}

export const documentedSchema = (runtime: z.ZodType): z.ZodType => documented.get(runtime) ?? runtime;

/** Registers a schema under a component name, with an optional description and example. */
export function named<T extends z.ZodType>(
  id: string,
  schema: T,
  meta: { description?: string; example?: unknown } = {},
) {
  // A module evaluated again (hot reload) names the same schemas again: the newest wins.
  const previous = openApiRegistry._idmap.get(id);
  if (previous) openApiRegistry.remove(previous);
  openApiRegistry.add(schema, { ...z.globalRegistry.get(schema), id, ...meta });
  return schema;
}
