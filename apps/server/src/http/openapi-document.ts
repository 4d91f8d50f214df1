/**
 * The finishing pass over the generated OpenAPI document: what no single route's schema can say
 * (servers, the error envelope and rate-limit headers on every answer, operationIds, the syndic
 * API's scopes) and the fixes the OpenAPI 3.0 subset needs. It only describes: the routes'
 * runtime schemas are untouched.
 */
import { addSyndicExamples } from './openapi-examples.js';

type Json = Record<string, unknown>;
type Operation = Json & { responses?: Record<string, Json>; security?: unknown; parameters?: Json[] };
export type OpenApiDocument = Json & {
  info: Json;
  paths: Record<string, Record<string, Operation>>;
  components: Json & { schemas?: Record<string, Json> };
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

const RATE_HEADERS = {
  'RateLimit-Limit': headerRef('RateLimit-Limit'),
  'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
  'RateLimit-Reset': headerRef('RateLimit-Reset'),
};

const HEADERS = {
  'RateLimit-Limit': {
    description:
      'Requêtes permises par minute à cette clé (toutes les routes de la clé partagent la fenêtre).',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'Requêtes restantes dans la fenêtre en cours.',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': {
    description: 'Secondes avant la fin de la fenêtre en cours.',
    schema: { type: 'integer' },
  },
  'Retry-After': { description: 'Secondes à attendre avant de réessayer.', schema: { type: 'integer' } },
};

const errorResponse = (description: string, headers?: Json): Json => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: ref('ErrorEnvelope') } },
});

/** The syndic API's error answers, each with the envelope; which ones apply depends on the call. */
function syndicErrors(op: Operation, method: string, path: string): Record<string, Json> {
  const hasBody = Boolean(op.requestBody);
  const out: Record<string, Json> = {
    400: errorResponse(
      'VALIDATION_ERROR (ou INVALID_BODY) : `errors` nomme chaque champ refusé, y compris un paramètre de requête inconnu.',
      RATE_HEADERS,
    ),
    401: errorResponse('UNAUTHORIZED : clé API absente, inconnue ou révoquée (vérifiée avant le corps).'),
    403: errorResponse("FORBIDDEN : la clé n'a pas la portée requise (voir `x-scopes`).", RATE_HEADERS),
  };
  if (path.includes('{'))
    out[404] = errorResponse('NOT_FOUND : aucune ressource de ce syndic sous cet identifiant.', RATE_HEADERS);
  if (method !== 'get')
    out[409] = errorResponse(
      'CONFLICT : la ressource est référencée ailleurs ou contredit une autre (le message dit laquelle).',
      RATE_HEADERS,
    );
  if (hasBody) out[413] = errorResponse('PAYLOAD_TOO_LARGE : corps au-delà de la limite de la route.');
  out[429] = errorResponse('Limite de débit de la clé atteinte : réessayer après `Retry-After` secondes.', {
    ...RATE_HEADERS,
    'Retry-After': headerRef('Retry-After'),
  });
  return out;
}

function syndicDescription(op: Operation, method: string, path: string, scopes: string[]): string {
  const lines = [`Portée de clé requise : \`${scopes.join('`, `')}\`.`];
  const params = (op.parameters ?? []).map((p) => p.name);
  if (params.includes('cursor'))
    lines.push(
      "Pagination par curseur : `limit` (1 à 200, 50 par défaut), puis `cursor` = `next_cursor` de la page précédente, jusqu'à `next_cursor: null`. Les pages se suivent sans perte ni doublon.",
    );
  if (params.includes('updated_since'))
    lines.push(
      '`updated_since` (ISO 8601 avec fuseau) : seulement ce qui a été créé, modifié ou supprimé depuis ; les suppressions dans `deleted`.',
    );
  if (method === 'put' && path.includes('{external_id}'))
    lines.push('Idempotent par `external_id` : un second envoi identique répond `unchanged`.');
  if (path.endsWith('/bulk'))
    lines.push(
      '1 à 1 000 éléments validés un par un : un résultat par élément, les éléments valides sont écrits.',
    );
  lines.push(
    'Chaque réponse porte les en-têtes `RateLimit-Limit`, `RateLimit-Remaining` et `RateLimit-Reset`.',
  );
  return lines.join('\n\n');
}

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

/** `PUT /api/syndic/v1/lots/{external_id}` → `putSyndicLotsByExternalId`. */
export function operationIdOf(method: string, path: string): string {
  const parts = path
    .split('/')
    .filter((p) => p && p !== 'api' && p !== 'v1')
    .map((p) => (p.startsWith('{') ? `By${pascal(p)}` : pascal(p)));
  return method + parts.join('');
}

/** Every `$ref` target reachable from `value`. */
function collectRefs(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) for (const v of value) collectRefs(v, into);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') into.add(v.replace('#/components/schemas/', ''));
      else collectRefs(v, into);
    }
}

/**
 * OpenAPI 3.0 fixes on every schema: a record with fixed keys (`z.record(z.enum(…), …)`) lists
 * them as properties (3.0 has no `propertyNames`), and `nullable` always has a `type` beside it.
 */
function fixSchema(value: unknown): void {
  if (Array.isArray(value)) {
    for (const v of value) fixSchema(v);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const s = value as Json;
  const required = Array.isArray(s.required) ? (s.required as string[]) : undefined;
  const props = (s.properties ?? {}) as Json;
  if (required && s.additionalProperties && typeof s.additionalProperties === 'object') {
    const missing = required.filter((k) => !(k in props));
    if (missing.length)
      s.properties = { ...props, ...Object.fromEntries(missing.map((k) => [k, s.additionalProperties])) };
  }
  if (s.nullable === true && !s.type) {
    const branches = (s.anyOf ?? s.oneOf) as Json[] | undefined;
    const typed = branches?.find((b) => typeof b.type === 'string');
    if (branches?.length === 1 && typed) {
      delete s.anyOf;
      delete s.oneOf;
      Object.assign(s, typed);
    } else if (s.$ref || branches) {
      const { nullable: _n, ...rest } = s;
      for (const k of Object.keys(s)) delete s[k];
      Object.assign(s, { type: 'object', nullable: true, allOf: [rest] });
    }
  }
  for (const v of Object.values(s)) fixSchema(v);
}

/** The description of the component a response's JSON body refers to, if it has one. */
function describedBy(r: Json, schemas: Record<string, Json>) {
  const schema = ((r.content as Record<string, Json> | undefined)?.['application/json'] as Json | undefined)
    ?.schema as Json | undefined;
  const name = typeof schema?.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
  const description = name ? schemas[name]?.description : undefined;
  return typeof description === 'string' ? description : undefined;
}

export function finishDocument(doc: OpenApiDocument, publicUrl: string): OpenApiDocument {
  doc.servers = [{ url: publicUrl, description: 'Cette instance (les chemins commencent par /api)' }];
  doc.info.license = { name: 'Propriétaire' };
  doc.components.schemas ??= {};
  const schemas = doc.components.schemas;
  doc.components.headers = HEADERS;

  const paths: OpenApiDocument['paths'] = {};
  const seen = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    // The signed local file URLs and development tools are not API calls.
    if (!path.startsWith('/api/')) continue;
    paths[path] = item;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      let id = (op.operationId as string | undefined) ?? operationIdOf(method, path);
      while (seen.has(id)) id += 'Alt';
      seen.add(id);
      op.operationId = id;
      op.security ??= [];
      const scopes = op['x-scopes'] as string[] | undefined;
      op.responses ??= {};
      const responses = op.responses;
      if (scopes) {
        op.description ??= syndicDescription(op, method, path, scopes);
        for (const [code, r] of Object.entries(responses))
          if (code.startsWith('2')) r.headers = { ...RATE_HEADERS, ...((r.headers as Json) ?? {}) };
        for (const [code, r] of Object.entries(syndicErrors(op, method, path))) responses[code] ??= r;
        // A failed answer the contract types (errorResponses) says what it is by its schema's description.
        for (const r of Object.values(responses))
          if (r.description === 'Default Response') r.description = describedBy(r, schemas) ?? r.description;
      } else if (!Object.keys(responses).some((c) => c.startsWith('4'))) {
        responses['4XX'] = errorResponse(
          'Erreur : `code` et `message` (en français) ; `errors` nomme les champs refusés.',
        );
      }
    }
  }
  doc.paths = paths;
  fixSchema(doc.paths);
  fixSchema(schemas);
  addSyndicExamples(doc.paths, schemas);

  // Only the components something uses, each under one name: a body component only read as
  // input keeps its plain name.
  const used = new Set<string>();
  collectRefs(doc.paths, used);
  for (let grew = true; grew; ) {
    const before = used.size;
    for (const name of [...used]) collectRefs(schemas[name], used);
    grew = used.size > before;
  }
  const renames = new Map<string, string>();
  for (const name of used)
    if (name.endsWith('Input') && !used.has(name.slice(0, -5))) renames.set(name, name.slice(0, -5));
  const kept: Record<string, Json> = {};
  for (const name of [...used].sort()) if (schemas[name]) kept[renames.get(name) ?? name] = schemas[name];
  doc.components.schemas = kept;
  if (renames.size) {
    const text = JSON.stringify({ paths: doc.paths, schemas: kept }).replace(
      /"#\/components\/schemas\/([A-Za-z0-9_]+)"/g,
      (m, name: string) => (renames.has(name) ? `"#/components/schemas/${renames.get(name)}"` : m),
    );
    const parsed = JSON.parse(text) as { paths: OpenApiDocument['paths']; schemas: Record<string, Json> };
    doc.paths = parsed.paths;
    doc.components.schemas = parsed.schemas;
  }
  return doc;
}
