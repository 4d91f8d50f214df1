/**
 * An example for every syndic API body and answer, drawn from the operation's own schema: a named
 * component's hand-written example where it has one (the portfolio and accounting items), else a
 * value built field by field with the names integrators meet in the demo portfolio. Redocly's
 * `no-invalid-media-type-examples` checks each example against its schema in `npm test`, so an
 * example cannot drift from what the route accepts or answers.
 */
type Json = Record<string, unknown>;

const BY_FORMAT: Record<string, string> = {
  'date-time': '2026-11-27T09:30:00.000Z',
  date: '2026-11-27',
  email: 'claire.martin@example.fr',
  uri: 'https://extranet.tantieme.fr/api/syndic/v1',
  url: 'https://extranet.tantieme.fr/api/syndic/v1',
  uuid: '3f6c2a1e-8b4d-4c1a-9e2f-5d7b8a9c0e11',
};

/** Field names the demo portfolio uses, for a string field without a format or pattern. */
const BY_NAME: [RegExp, string][] = [
  [/^external_id$|^copropriete$|^copropriete_external_id$/, 'IMM-001'],
  [/^lot$|^lot_external_id$/, 'IMM-001-L012'],
  [/^repartition$/, 'IMM-001-GEN'],
  [/^charge$/, 'IMM-001-601'],
  [/^coproprietaire$|^coproprietaire_external_id$/, 'COP-0042'],
  [/cursor/, 'eyJ0IjoiMjAyNi0xMS0yN1QwOTozMDowMC4wMDAwMDBaIiwiaWQiOiI0MiJ9'],
  [/first_name/, 'Claire'],
  [/last_name|^name$|label|title/, 'Résidence Les Tilleuls'],
  [/email/, 'claire.martin@example.fr'],
  [/phone/, '+33 6 12 34 56 78'],
  [/city/, 'Lyon'],
  [/zip|postal/, '69003'],
  [/address/, '12 rue des Tilleuls, 69003 Lyon'],
  [/url$/, 'https://erp.cabinet-exemple.fr/tantieme/webhooks'],
  [/sha256|digest|hash/, 'b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c'],
  [/_at$|_since$/, '2026-11-27T09:30:00.000Z'],
  [/date|_on$/, '2026-11-27'],
  [/message|body|description|text|comment/, 'Appel de fonds du 4e trimestre 2026.'],
];

/** Values tried in turn against a field's pattern when its name gives none that fits. */
const FOR_PATTERNS = [
  'convocation.pdf',
  'claire.martin@example.fr',
  '+33612345678',
  'INFO',
  '/{id}/home',
  'IMM-001',
  '2026-11-27',
  'exemple',
];

function stringSample(s: Json, field: string): string {
  if (typeof s.format === 'string' && BY_FORMAT[s.format]) return BY_FORMAT[s.format];
  const byName = BY_NAME.find(([re]) => re.test(field))?.[1] ?? 'exemple';
  if (typeof s.pattern !== 'string') return withinLength(byName, s);
  const pattern = new RegExp(s.pattern, 'u');
  const fitting = [byName, ...FOR_PATTERNS].find((v) => pattern.test(withinLength(v, s)));
  return withinLength(fitting ?? byName, s);
}

/** Keeps a sample within the string's declared length. */
function withinLength(value: string, s: Json): string {
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Number.POSITIVE_INFINITY;
  const padded = value.length < min ? value.padEnd(min, 'x') : value;
  return padded.slice(0, max);
}

function numberSample(s: Json, field: string): number {
  const min = typeof s.minimum === 'number' ? s.minimum : undefined;
  const max = typeof s.maximum === 'number' ? s.maximum : undefined;
  let n = /_cents$/.test(field) ? 12500 : /tantieme/.test(field) ? 412 : /limit/.test(field) ? 50 : 1;
  if (min !== undefined && n < min) n = min;
  if (max !== undefined && n > max) n = max;
  return n;
}

export function sampleOf(schema: unknown, schemas: Record<string, Json>, field = '', depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 8) return null;
  const s = schema as Json;
  if (typeof s.$ref === 'string') {
    const name = s.$ref.replace('#/components/schemas/', '');
    const target = schemas[name];
    if (target && target.example !== undefined) return target.example;
    return sampleOf(target, schemas, field, depth + 1);
  }
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum.find((v) => v !== null) ?? s.enum[0];
  if (s.default !== undefined && s.default !== null) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.allOf)) {
    const parts = s.allOf.map((p) => sampleOf(p, schemas, field, depth + 1));
    return parts.every((p) => p && typeof p === 'object' && !Array.isArray(p))
      ? Object.assign({}, ...parts)
      : parts[0];
  }
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches) && branches.length) {
    const typed = branches.find((b) => (b as Json).type !== 'null' && !(b as Json).nullable) ?? branches[0];
    return sampleOf(typed, schemas, field, depth + 1);
  }
  switch (s.type) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(props).map(([k, v]) => [k, sampleOf(v, schemas, k, depth + 1)]),
      );
    }
    case 'array': {
      const minItems = typeof s.minItems === 'number' ? s.minItems : 1;
      const one = sampleOf(s.items, schemas, field, depth + 1);
      return Array.from({ length: Math.max(1, minItems) }, () => one);
    }
    case 'string':
      return stringSample(s, field);
    case 'integer':
    case 'number':
      return numberSample(s, field);
    case 'boolean':
      return true;
    default:
      return s.nullable ? null : {};
  }
}

/** Sets `example` on a media type that has none, from its schema. */
function exampleFor(media: Json | undefined, schemas: Record<string, Json>) {
  if (!media || media.example !== undefined || media.examples !== undefined || !media.schema) return;
  media.example = sampleOf(media.schema, schemas);
}

/** Gives every syndic operation an example body (when it takes one) and an example answer. */
export function addSyndicExamples(
  paths: Record<string, Record<string, Json>>,
  schemas: Record<string, Json>,
): void {
  for (const item of Object.values(paths))
    for (const op of Object.values(item)) {
      if (!op || typeof op !== 'object' || !op['x-scopes']) continue;
      const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      exampleFor(body?.['application/json'], schemas);
      const ok = (op.responses as Record<string, Json> | undefined)?.['200']?.content as
        | Record<string, Json>
        | undefined;
      exampleFor(ok?.['application/json'], schemas);
    }
}
