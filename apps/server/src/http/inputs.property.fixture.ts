/** What the input properties generate from the route table's JSON schemas. */

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  nullable?: boolean;
  required?: string[];
};
export type Param = { in: 'path' | 'query'; name: string; schema?: Schema };
export type Op = {
  method: string;
  path: string;
  params: Param[];
  body?: Schema;
  auth: boolean;
  apiKey: boolean;
};

export const NUL = 'a\u0000b';

/** A plausible value for a JSON schema: every property filled, so string leaves can be mutated. */
export function sample(s: Schema | undefined): unknown {
  if (!s) return 'texte';
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return sample(alt.find((x) => x.type !== 'null') ?? alt[0]);
  if (s.allOf) return Object.assign({}, ...s.allOf.map((x) => sample(x) as object));
  if (s.enum) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (s.format === 'email') return 'sample@example.fr';
      return 'x'.repeat(Math.max(5, s.minLength ?? 0));
    case 'number':
    case 'integer':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items));
    case 'object':
    case undefined: {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) o[k] = sample(v);
      if (s.additionalProperties && typeof s.additionalProperties === 'object') {
        o.k = sample(s.additionalProperties);
      }
      return o;
    }
    default:
      return null;
  }
}

/** Paths (dot-joined, arrays as index) of every string leaf of a sampled value. */
export function stringLeaves(v: unknown, prefix: string[] = []): string[][] {
  if (typeof v === 'string') return [prefix];
  if (Array.isArray(v)) return v.flatMap((x, i) => stringLeaves(x, [...prefix, String(i)]));
  if (v && typeof v === 'object')
    return Object.entries(v).flatMap(([k, x]) => stringLeaves(x, [...prefix, k]));
  return [];
}

export function setAt(v: unknown, p: string[], value: unknown): unknown {
  const copy = structuredClone(v) as Record<string, unknown>;
  let cur = copy;
  for (const k of p.slice(0, -1)) cur = cur[k] as Record<string, unknown>;
  cur[p[p.length - 1]] = value;
  return copy;
}

export function operations(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Op[] {
  const ops: Op[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const body = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)
        ?.content?.['application/json']?.schema;
      const security = (op.security as Record<string, unknown>[] | undefined) ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters as Param[] | undefined) ?? [],
        body,
        auth: security.length > 0,
        apiKey: security.some((s) => 'syndicApiKey' in s),
      });
    }
  }
  return ops;
}

export function isEnvelope(res: {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}): boolean {
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) return false;
  try {
    const b = JSON.parse(res.body);
    return (
      b.success === false &&
      typeof b.code === 'string' &&
      !b.code.startsWith('FST_') &&
      typeof b.message === 'string' &&
      b.message.length > 0 &&
      !('statusCode' in b) &&
      !('error' in b)
    );
  } catch {
    return false;
  }
}
