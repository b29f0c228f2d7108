import { createGeneratorSync } from 'json-schema-faker';

// Requests made from an OpenAPI 3.1 document alone: values come from json-schema-faker, a
// third-party JSON Schema generator, run over the document's own schemas (never our zod schemas).
// Invalid requests are generated valid ones with one documented mutation each.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, any>;

/** An OpenAPI document as far as the generator reads it. */
export type OpenApiDocument = {
  paths: Record<string, Record<string, any>>;
  components?: Record<string, any>;
};

/** A parameter of an operation, `$ref`s resolved. */
export type Parameter = {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  readonly schema: Schema;
};

/** One operation of the document. */
export type DocOperation = {
  /** `GET /api/v1/posts/{id}` */
  readonly label: string;
  readonly method: string;
  readonly template: string;
  readonly parameters: readonly Parameter[];
  readonly body: { readonly required: boolean; readonly content: Record<string, Schema> } | undefined;
  readonly responses: Record<string, Schema>;
  /** Whether the operation asks for a credential (`security` not empty). */
  readonly secured: boolean;
};

/** A request ready to send, relative to a base URL. */
export type GeneratedRequest = {
  readonly operation: DocOperation;
  readonly intent: 'valid' | 'invalid';
  /** What was broken on purpose; null for a valid request. */
  readonly mutation: string | null;
  readonly method: string;
  /** Path and query, already encoded. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Always text: Prism's proxy reads bodies as UTF-8 text, so binary parts are ASCII-only. */
  readonly body: string | undefined;
};

/** Real data the generator mixes in: ids by prefix (`post`, `media`, …) and links the server made. */
export type Pools = {
  readonly ids: Map<string, Set<string>>;
  readonly links: Set<string>;
};

const NO_CREDENTIAL = 'no credential';
const FORGED_KEY = 'forged key';
const AUTH_MUTATIONS = [NO_CREDENTIAL, FORGED_KEY];
const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'];
const BOUNDARY = 'svc-fuzz-boundary-7MA4YWxkTrZu0gW';

/** Every operation of the document, `$ref`s of parameters, bodies and responses resolved. */
export function operationsOf(doc: OpenApiDocument): DocOperation[] {
  const operations: DocOperation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op === undefined) continue;
      const byKey = new Map<string, Parameter>();
      for (const raw of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
        const p = resolve(doc, raw);
        byKey.set(`${p.in}:${p.name}`, {
          name: p.name,
          in: p.in,
          required: p.required === true,
          schema: p.schema ?? {},
        });
      }
      const body = op.requestBody === undefined ? undefined : resolve(doc, op.requestBody);
      const security = op.security ?? (doc as Schema).security ?? [];
      operations.push({
        label: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        template,
        parameters: [...byKey.values()],
        body:
          body === undefined ? undefined : { required: body.required === true, content: body.content ?? {} },
        responses: Object.fromEntries(
          Object.entries(op.responses ?? {}).map(([status, r]) => [status, resolve(doc, r)]),
        ),
        secured: security.length > 0 && !security.some((s: object) => Object.keys(s).length === 0),
      });
    }
  }
  return operations;
}

/** The content types a document declares for a response status (`200`, `4XX`, `default`). */
export function declaredContentTypes(op: DocOperation, status: number): string[] | undefined {
  const response =
    op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
  if (response === undefined) return undefined;
  return Object.keys(response.content ?? {}).map((t) => t.toLowerCase());
}

/** Follows `$ref`s (local ones) until a node that is not a reference. */
export function resolve(doc: OpenApiDocument, node: any): any {
  let current = node;
  for (let hops = 0; current !== null && typeof current === 'object' && '$ref' in current; hops++) {
    if (hops > 20) throw new Error(`$ref loop at ${String(current.$ref)}`);
    const ref = String(current.$ref);
    if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported: ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce((at: any, part) => at?.[part], doc);
    if (current === undefined) throw new Error(`Unresolvable $ref ${ref}`);
  }
  return current;
}

/** A small deterministic PRNG (mulberry32) for the harness's own choices. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    int: (max: number) => Math.floor(next() * max),
  };
}

/** Which kind of id a path segment or a property name points at (`posts/{id}`, `mediaIds`). */
const ID_KINDS: Record<string, string> = {
  post: 'post',
  posts: 'post',
  media: 'media',
  uploads: 'media',
  connection: 'acct',
  connections: 'acct',
  account: 'acct',
  accounts: 'acct',
  profile: 'acct',
  automation: 'auto',
  automations: 'auto',
  webhook: 'whk',
  webhooks: 'whk',
  delivery: 'dlv',
  deliveries: 'dlv',
};

/**
 * A 1×1-frame GIF on a `width`×`height` canvas carrying `text` in a plain-text extension: a valid
 * image whose every byte is ASCII, so it survives Prism's proxy, which forwards bodies as UTF-8 text.
 */
export function asciiGif(width: number, height: number, text: string): string {
  const t = text.replace(/[^\x20-\x7e]/g, '').slice(0, 120);
  const bytes = [
    ...Buffer.from('GIF89a', 'ascii'),
    ...[width & 0x7f, 0, height & 0x7f, 0, 0, 0, 0],
    ...[0x21, 0x01, 12, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 0, t.length],
    ...Buffer.from(t, 'ascii'),
    0,
    ...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0],
    ...[0x02, 0x02, 0x44, 0x01, 0x00],
    0x3b,
  ];
  return Buffer.from(bytes).toString('latin1');
}

/** Creates requests for operations of one document, deterministically from a seed. */
export function requestGenerator(
  doc: OpenApiDocument,
  options: { seed: number; pools: Pools; linkOrigin: string },
) {
  const rng = random(options.seed);
  const faker = createGeneratorSync({
    seed: options.seed,
    optionalsProbability: 0.5,
    maxDefaultItems: 3,
    refDepth: 3,
    failOnInvalidTypes: false,
  });
  // The schema travels with the document's components so `#/components/...` resolves.
  const fake = (schema: Schema): Json => faker.generate({ ...schema, components: doc.components }) as Json;
  const deref = (schema: Schema | undefined): Schema => resolve(doc, schema ?? {});

  const realId = (kind: string | undefined) => {
    const ids = kind === undefined ? undefined : options.pools.ids.get(kind);
    return ids === undefined || ids.size === 0 ? undefined : rng.pick([...ids]);
  };

  /** Swaps generated ids for real ones: in fields named after a kind, and ids of a known prefix. */
  const withRealIds = (value: Json, probability: number, key = ''): Json => {
    const kind = ID_KINDS[key.replace(/Ids?$/, '')];
    if (typeof value === 'string') {
      const prefix = /^([a-z]+)_[0-9A-Za-z]+$/.exec(value)?.[1];
      const swap = (kind !== undefined && /Ids?$/.test(key)) || prefix !== undefined;
      const real = swap && rng.chance(probability) ? realId(kind ?? prefix) : undefined;
      return real ?? value;
    }
    if (Array.isArray(value)) return value.map((item) => withRealIds(item, probability, key));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withRealIds(v, probability, k)]));
    }
    return value;
  };

  const pathValue = (op: DocOperation, p: Parameter): string => {
    const segments = op.template.split('/');
    const before = segments[segments.indexOf(`{${p.name}}`) - 1] ?? '';
    const real = rng.chance(0.5)
      ? realId(ID_KINDS[before] ?? ID_KINDS[p.name.replace(/Id$/, '')])
      : undefined;
    if (real !== undefined) return real;
    // "." and ".." are dot segments that URL parsing removes: not a value a path can carry.
    return String(present(p.schema, (v) => v !== '.' && v !== '..'));
  };

  /**
   * A generated value that HTTP can carry: an empty string is a valid instance of most string
   * schemas, but an empty query value or body is the same as none on the wire.
   */
  const present = (schema: Schema, ok: (value: string) => boolean = () => true): Json => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const value = fake(schema);
      if (value !== '' && (typeof value !== 'string' || ok(value))) return value;
    }
    return 'x';
  };

  type Draft = {
    path: Record<string, string>;
    query: [string, string][];
    headers: Record<string, string>;
    contentType: string | undefined;
    body: Json | undefined;
    /** A literal body that overrides encoding `body` (a link the server handed out has none). */
    raw: string | undefined;
    pathOverride: string | undefined;
  };

  const validDraft = (op: DocOperation): Draft => {
    const draft: Draft = {
      path: {},
      query: [],
      headers: {},
      contentType: undefined,
      body: undefined,
      raw: undefined,
      pathOverride: undefined,
    };
    // Operations behind links the server signs (no credential, path parameters): use a real link.
    const links = [...options.pools.links].filter((link) => templateMatches(op.template, link));
    if (links.length > 0 && rng.chance(0.6)) {
      const link = new URL(rng.pick(links), 'http://x');
      draft.pathOverride = link.pathname;
      draft.query = [...link.searchParams.entries()];
    } else {
      for (const p of op.parameters) {
        if (p.in === 'path') draft.path[p.name] = pathValue(op, p);
        else if (p.in === 'query' && (p.required || rng.chance(0.5))) {
          const value = p.required ? present(p.schema) : fake(p.schema);
          draft.query.push(...queryPairs(p.name, localLinks(value, options.linkOrigin)));
        } else if (p.in === 'header' && (p.required || rng.chance(0.5))) {
          // Header values are visible ASCII (fetch refuses others).
          draft.headers[p.name] = scalar(fake(p.schema)).replace(/[^\x20-\x7e]/g, '') || 'x';
        }
      }
    }
    const content = op.body?.content ?? {};
    const types = Object.keys(content);
    if (op.body !== undefined && types.length > 0 && (op.body.required || rng.chance(0.7))) {
      const type = rng.pick(types);
      const media = content[type] ?? {};
      const example =
        media.example ?? (Object.values(media.examples ?? {})[0] as { value?: unknown } | undefined)?.value;
      draft.contentType = type;
      const value =
        example !== undefined && rng.chance(0.3)
          ? withRealIds(example as Json, 1)
          : withRealIds(present(media.schema ?? {}), 0.5);
      draft.body = localLinks(value, options.linkOrigin);
    }
    return draft;
  };

  /** The ways a valid draft of this operation can be broken, each a named change. */
  const mutationsOf = (op: DocOperation, draft: Draft): [string, () => void][] => {
    const found: [string, () => void][] = [];
    if (op.secured) {
      found.push([NO_CREDENTIAL, () => (draft.headers.Authorization = '')]);
      found.push([FORGED_KEY, () => (draft.headers.Authorization = 'Bearer svc_key_forged.0000')]);
    }
    for (const p of op.parameters) {
      const schema = deref(p.schema);
      if (p.in === 'path' && draft.pathOverride === undefined) {
        for (const [name, bad] of badStrings(schema)) {
          found.push([`path ${p.name}: ${name}`, () => (draft.path[p.name] = String(bad))]);
        }
      }
      if (p.in === 'query') {
        const others = () => draft.query.filter(([k]) => k !== p.name);
        if (p.required) found.push([`query ${p.name}: missing`, () => (draft.query = others())]);
        for (const [name, bad] of [...badScalars(schema), ...badStrings(schema)]) {
          found.push([
            `query ${p.name}: ${name}`,
            () => (draft.query = [...others(), [p.name, scalar(bad as Json)]]),
          ]);
        }
      }
    }
    if (op.body !== undefined && draft.contentType !== undefined) {
      const type = draft.contentType;
      const schema = deref(op.body.content[type]?.schema);
      if (op.body.required) {
        found.push([
          'body: missing',
          () => {
            draft.body = undefined;
            draft.contentType = undefined;
          },
        ]);
      }
      const declared = Object.keys(op.body.content);
      const undeclared = ['text/plain', 'application/json', 'application/xml'].find(
        (t) => !declared.includes(t),
      );
      if (undeclared !== undefined) {
        found.push([`body: undeclared content type ${undeclared}`, () => (draft.contentType = undeclared)]);
      }
      const value = draft.body;
      if (isObject(value) && (isJson(type) || type === 'multipart/form-data')) {
        for (const key of (schema.required ?? []) as string[]) {
          found.push([
            `body: required ${key} removed`,
            () => delete (draft.body as Record<string, Json>)[key],
          ]);
        }
        if (schema.additionalProperties === false || schema.unevaluatedProperties === false) {
          found.push([
            'body: unknown property',
            () => ((draft.body as Record<string, Json>).unexpectedFuzzProperty = 'x'),
          ]);
        }
        if (isJson(type)) {
          for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
            const target = deref(property);
            for (const [name, bad] of [...badScalars(target), ...badStrings(target), ...badShapes(target)]) {
              found.push([
                `body: ${key} ${name}`,
                () => ((draft.body as Record<string, Json>)[key] = bad as Json),
              ]);
            }
          }
          if (typesOf(schema).includes('object')) {
            found.push(['body: an array, not an object', () => (draft.body = [value])]);
          }
        }
      }
    }
    return found;
  };

  const encode = (op: DocOperation, draft: Draft): Omit<GeneratedRequest, 'intent' | 'mutation'> => {
    const path =
      draft.pathOverride ??
      op.template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(draft.path[name] ?? ''));
    const search = new URLSearchParams(draft.query).toString();
    const headers: Record<string, string> = { ...draft.headers };
    let body: string | undefined = draft.raw;
    if (body === undefined && draft.body !== undefined && draft.contentType !== undefined) {
      const media = op.body?.content[draft.contentType];
      const schema = deref(media?.schema);
      const type = draft.contentType;
      if (type === 'multipart/form-data') {
        body = multipart(draft.body, schema, deref, rng);
        headers['Content-Type'] = `multipart/form-data; boundary=${BOUNDARY}`;
      } else {
        body = isBinary(type, schema)
          ? asciiGif(1 + rng.int(120), 1 + rng.int(120), JSON.stringify(draft.body))
          : isJson(type) || typeof draft.body !== 'string'
            ? JSON.stringify(draft.body)
            : draft.body;
        headers['Content-Type'] = type;
      }
    }
    return {
      operation: op,
      method: op.method,
      url: search === '' ? path : `${path}?${search}`,
      headers,
      body,
    };
  };

  return {
    /** `count` requests for `op`: about `invalidShare` of them broken by one mutation each. */
    requestsFor(op: DocOperation, count: number, invalidShare: number): GeneratedRequest[] {
      const requests: GeneratedRequest[] = [];
      for (let i = 0; i < count; i++) {
        const draft = validDraft(op);
        const mutations = rng.chance(invalidShare) ? mutationsOf(op, draft) : [];
        if (mutations.length === 0) {
          requests.push({ ...encode(op, draft), intent: 'valid', mutation: null });
          continue;
        }
        // Credentials are one mutation among many: mostly break the request's own parts.
        const parts = mutations.filter(([name]) => !AUTH_MUTATIONS.includes(name));
        const [name, apply] = rng.pick(parts.length > 0 && rng.chance(0.85) ? parts : mutations);
        apply();
        requests.push({ ...encode(op, draft), intent: 'invalid', mutation: name });
      }
      return requests;
    },
  };
}

function typesOf(schema: Schema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type;
  const branches = (schema.anyOf ?? schema.oneOf ?? []) as Schema[];
  return branches.flatMap(typesOf);
}

/** Values of the wrong JSON type for a schema with a known type (for bodies and queries). */
function badScalars(schema: Schema): [string, unknown][] {
  const types = typesOf(schema);
  if (types.length === 0) return [];
  const out: [string, unknown][] = [];
  if (types.includes('integer') && !types.includes('string')) out.push(['not an integer', 'twelve']);
  else if (types.includes('number') && !types.includes('string')) out.push(['not a number', 'NaN-ish']);
  if (types.includes('boolean') && !types.includes('string')) out.push(['not a boolean', 'maybe']);
  if (Array.isArray(schema.enum) && schema.enum.every((v: unknown) => typeof v === 'string')) {
    out.push(['not in the enum', 'not-one-of-the-values']);
  }
  for (const key of ['minimum', 'exclusiveMinimum'] as const) {
    if (typeof schema[key] === 'number') out.push([`below ${key}`, schema[key] - 1]);
  }
  for (const key of ['maximum', 'exclusiveMaximum'] as const) {
    if (typeof schema[key] === 'number' && schema[key] < Number.MAX_SAFE_INTEGER) {
      out.push([`above ${key}`, schema[key] + 1]);
    }
  }
  return out;
}

/** Strings that break a string schema's length or pattern. */
function badStrings(schema: Schema): [string, unknown][] {
  if (!typesOf(schema).includes('string')) return [];
  const out: [string, unknown][] = [];
  if (typeof schema.maxLength === 'number' && schema.maxLength < 5000) {
    out.push([`longer than maxLength ${schema.maxLength}`, 'a'.repeat(schema.maxLength + 1)]);
  }
  if (typeof schema.minLength === 'number' && schema.minLength > 1) {
    out.push([`shorter than minLength ${schema.minLength}`, 'a'.repeat(schema.minLength - 1)]);
  }
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test('~!~')) {
    out.push(['not matching the pattern', '~!~']);
  }
  if (schema.format === 'date-time') out.push(['not a date-time', 'yesterday-ish']);
  if (schema.format === 'uri') out.push(['not a uri', 'not a link']);
  return out;
}

/** Values of another JSON shape than the schema allows (objects, arrays, strings, null). */
function badShapes(schema: Schema): [string, unknown][] {
  const types = typesOf(schema);
  if (types.length === 0) return [];
  const out: [string, unknown][] = [];
  if (!types.includes('string')) out.push(['a string instead', 'text']);
  else if (!types.includes('number') && !types.includes('integer')) out.push(['a number instead', 42]);
  if (!types.includes('object')) out.push(['an object instead', { nested: true }]);
  if (!types.includes('null')) out.push(['null', null]);
  return out;
}

function isObject(value: Json | undefined): value is Record<string, Json> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isJson(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

function isBinary(type: string, schema: Schema): boolean {
  return (
    type === 'application/octet-stream' ||
    type.startsWith('image/') ||
    type.startsWith('video/') ||
    schema.format === 'binary' ||
    (typeof schema.contentMediaType === 'string' && !schema.contentMediaType.startsWith('text/'))
  );
}

function scalar(value: Json): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function queryPairs(name: string, value: Json): [string, string][] {
  if (Array.isArray(value)) return value.map((item) => [name, scalar(item)]);
  return [[name, scalar(value)]];
}

/** A multipart body: binary properties become a file part holding an ASCII GIF, others text parts. */
function multipart(
  value: Json,
  schema: Schema,
  deref: (schema: Schema | undefined) => Schema,
  rng: ReturnType<typeof random>,
): string {
  const parts: string[] = [];
  const entries = isObject(value) ? Object.entries(value) : [['value', value] as [string, Json]];
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const [name, item] of entries) {
    const property = deref(properties[name]);
    if (isBinary('', property)) {
      const gif = asciiGif(1 + rng.int(120), 1 + rng.int(120), scalar(item));
      parts.push(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="fuzz.gif"\r\nContent-Type: image/gif\r\n\r\n${gif}\r\n`,
      );
    } else {
      parts.push(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${scalar(item)}\r\n`,
      );
    }
  }
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

/**
 * Points every outside http(s) link at `origin`, path kept: the server fetches links it is given
 * (media, covers, webhooks), and a test must not reach the network.
 */
function localLinks(value: Json, origin: string): Json {
  if (typeof value === 'string') {
    if (!/^https?:\/\//i.test(value)) return value;
    try {
      const url = new URL(value);
      if (url.hostname === 'localhost' || url.hostname === '127.0.0.1') return value;
      return `${origin}${url.pathname}${url.search}`;
    } catch {
      return value;
    }
  }
  if (Array.isArray(value)) return value.map((item) => localLinks(item, origin));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, localLinks(v, origin)]));
  }
  return value;
}

/** Whether a link's path fits an operation's path template. */
export function templateMatches(template: string, link: string): boolean {
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(new URL(link, 'http://x').pathname);
}

/** Collects ids (`post_…`) and links under `baseUrl` from any JSON value into the pools. */
export function harvest(value: unknown, pools: Pools, baseUrl: string): void {
  if (typeof value === 'string') {
    const prefix = /^([a-z]+)_[0-9A-HJKMNP-TV-Z]{26}$/.exec(value)?.[1];
    if (prefix !== undefined) {
      const ids = pools.ids.get(prefix) ?? new Set<string>();
      ids.add(value);
      pools.ids.set(prefix, ids);
    }
    if (value.startsWith(baseUrl)) pools.links.add(value.slice(baseUrl.length));
  } else if (Array.isArray(value)) {
    for (const item of value) harvest(item, pools, baseUrl);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) harvest(item, pools, baseUrl);
  }
}
