import fc from 'fast-check';

/** A JSON Schema as @fastify/swagger writes it into the OpenAPI document (the subset routes use). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  $ref?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, `{name}` for parameters. */
  path: string;
  parameters: Parameter[];
  /** Content type -> schema of the request body, when the route takes one. */
  body?: { required: boolean; content: Record<string, JsonSchema> };
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: Operation['body'] & { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

/** Every operation of the document, in a stable order. */
export function operationsOf(document: unknown): Operation[] {
  const doc = document as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody
          ? {
              required: Boolean(op.requestBody.required),
              content: Object.fromEntries(
                Object.entries(op.requestBody.content).map(([type, media]) => [type, media.schema ?? {}]),
              ),
            }
          : undefined,
      });
    }
  }
  return operations.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Values the schema accepts (as far as a generator can tell: patterns and formats are honoured). */
export function arbitraryOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  const nullable = (arb: fc.Arbitrary<unknown>) => (schema.nullable ? fc.oneof(arb, fc.constant(null)) : arb);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return nullable(fc.constantFrom(...schema.enum));
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return nullable(fc.oneof(...variants.map((v) => arbitraryOf(v, depth + 1))));
  if (schema.allOf?.length) return arbitraryOf(Object.assign({}, ...schema.allOf), depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => arbitraryOf({ ...schema, type }, depth + 1)));
  }
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return nullable(fc.boolean());
    case 'integer':
    case 'number': {
      const exMin = schema.exclusiveMinimum;
      const exMax = schema.exclusiveMaximum;
      let min = typeof exMin === 'number' ? exMin : (schema.minimum ?? -MAX_SAFE);
      let max = typeof exMax === 'number' ? exMax : (schema.maximum ?? MAX_SAFE);
      if (exMin === true || typeof exMin === 'number') min += types[0] === 'integer' ? 1 : 1e-9;
      if (exMax === true || typeof exMax === 'number') max -= types[0] === 'integer' ? 1 : 1e-9;
      const arb =
        types[0] === 'integer'
          ? // Small ids and counts (existing rows), or values just above the minimum, are the
            // interesting ones; then the extremes.
            fc.oneof(
              fc.integer({ min: Math.max(min, -5), max: Math.min(max, Math.max(min, -5) + 55) }),
              fc.constantFrom(min, max),
              fc.integer({ min: Math.max(min, -MAX_SAFE), max: Math.min(max, MAX_SAFE) }),
            )
          : fc.double({ min, max, noNaN: true });
      return nullable(arb);
    }
    case 'string':
      return nullable(stringOf(schema));
    case 'array': {
      const maxLength = Math.min(schema.maxItems ?? 4, 4);
      const minLength = Math.min(schema.minItems ?? 0, maxLength);
      return nullable(fc.array(arbitraryOf(schema.items, depth + 1), { minLength, maxLength }));
    }
    default: {
      if (!schema.properties && types[0] !== 'object') return fc.jsonValue({ maxDepth: 2 });
      const properties = schema.properties ?? {};
      const record = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, sub]) => [key, arbitraryOf(sub, depth + 1)]),
        ),
        { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
      );
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        const extra = fc.dictionary(
          fc.string({ maxLength: 12 }),
          arbitraryOf(schema.additionalProperties, depth + 1),
          {
            maxKeys: 3,
          },
        );
        return nullable(fc.tuple(record, extra).map(([r, e]) => ({ ...e, ...r })));
      }
      return nullable(record);
    }
  }
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 64, 300));
  const sized = (arb: fc.Arbitrary<string>) =>
    arb.filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY));
  switch (schema.format) {
    case 'email':
      return sized(fc.emailAddress());
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
    case 'url':
      return sized(fc.webUrl());
  }
  if (schema.pattern) {
    try {
      return sized(fc.stringMatching(new RegExp(schema.pattern)));
    } catch {
      // A pattern fast-check cannot generate from: plain strings below.
    }
  }
  return fc.oneof(
    fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
  );
}

const HUGE = 'A'.repeat(1_100_000);
const LONG = 'é'.repeat(20_000);
const deep = (levels: number, leaf: unknown = 1): unknown => {
  let value: unknown = leaf;
  for (let i = 0; i < levels; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};
// Deep enough to hurt recursive code; fast-check and JSON.stringify must still walk it here.
const DEEP = Object.assign(deep(1_000) as object, { [fc.toStringMethod]: () => '1,000 nested objects' });
const DEEP_JSON = `${'{"a":['.repeat(20_000)}1${']}'.repeat(20_000)}`;

/** Strings no form should take as they are. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uDFFFx\uD83D',
    '../../../../etc/passwd',
    '..%2F..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2f%2e%2e%2f',
    '..\\..\\windows\\win.ini',
    '%00',
    '%',
    '%E0%A4%A',
    '%C0%AF',
    '\u202E\u200B\uFEFF',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally.
    '${7*7}{{7*7}}',
    '__proto__',
    'constructor',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '99999999999999999999999999',
    '0x1F',
    'null',
    'true',
    '[]',
    '{}',
    LONG,
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`),
);

/** Values of any type, in shapes that break naive code. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    -0,
    1.5,
    Number.MAX_SAFE_INTEGER + 2,
    -Number.MAX_VALUE,
    1e308,
    [],
    {},
    [null],
    DEEP,
    JSON.parse('{"__proto__": {"role": "admin", "isAdmin": true}}'),
    { constructor: { prototype: { role: 'admin' } } },
    { toString: 'x', valueOf: 1, hasOwnProperty: 'x' },
  ),
  fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true }),
);

export interface RawBody {
  name: string;
  body: Buffer | string;
  contentType: string;
}

/** Failure reports name a raw body instead of printing megabytes of it. */
const named = (name: string, body: Buffer | string, contentType = 'application/json'): RawBody =>
  Object.assign(
    { name, body, contentType },
    { [fc.toStringMethod]: () => `raw body "${name}" (${contentType})` },
  );

/** A request body as raw bytes: broken JSON, bad encodings, wrong sizes. */
export const hostileRawBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc.constantFrom(
    named('unclosed object', '{'),
    named('cut value', '{"a":'),
    named('null', 'null'),
    named('bare string', '"x"'),
    named('empty array', '[]'),
    named('overflowing number', '1e999999'),
    named('prototype keys', '{"__proto__":{"x":1},"constructor":{"prototype":{"y":2}}}'),
    named(
      'invalid UTF-8',
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]),
    ),
    named('escaped lone surrogate', '{"a":"\\ud800"}'),
    named('UTF-16 charset', '{"a":1}', 'application/json; charset=utf-16'),
    named('text/plain', '{"a":1}', 'text/plain'),
    named('form', 'a=1&b=2', 'application/x-www-form-urlencoded'),
    named(
      'multipart without boundary',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      'multipart/form-data',
    ),
    named('garbage multipart', 'garbage', 'multipart/form-data; boundary=x'),
    named('xml', '<a/>', 'application/xml'),
    named('over the body limit', `{"a":"${HUGE}"}`),
    named('20,000 nested objects', DEEP_JSON),
    named('100,000 nested arrays', `${'['.repeat(100_000)}${']'.repeat(100_000)}`),
    named('empty', ''),
  ),
  fc
    .uint8Array({ maxLength: 64 })
    .map((bytes) => named(`bytes ${Buffer.from(bytes).toString('hex')}`, Buffer.from(bytes))),
);
