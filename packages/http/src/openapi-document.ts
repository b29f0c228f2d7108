// The OpenAPI document built from the operations; its helpers (responses, parameters, rate-limit
// headers, schema cleaning) serve only openApiDocument's one pass, request bodies aside.

import { ERROR_CODES, type ErrorCode } from '@svc/core';
import { z } from 'zod';
import { ERROR_STATUS } from './error-status.js';
import type { AnyOperation, ResponseSpec } from './operation.js';
import { isRateLimited } from './rate-limited.js';
import { requestBodyOf } from './request-body-of.js';

/** The version of the REST API the document describes (spec 9). */
export const API_VERSION = '1.0.0';

/** Where the document is served, without authentication. */
export const OPENAPI_PATH = '/api/v1/openapi.json';

type JsonSchema = Record<string, unknown>;
type OpenApi = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };

/** The error body every failure answers with (docs/errors.md). */
export const errorSchema = z
  .object({
    error: z.string().describe('What went wrong and what to do about it, for people.'),
    code: z.enum(ERROR_CODES).describe('A stable code for programs: see docs/errors.md.'),
    details: z.record(z.string(), z.unknown()).optional().describe('Facts about the failure, by code.'),
  })
  .meta({ examples: [{ error: 'Post post_01J not found.', code: 'post_not_found' }] });

/** Codes every operation with a key can answer with. */
const KEY_ERRORS: readonly ErrorCode[] = [
  'api_key_in_url',
  'missing_api_key',
  'invalid_api_key',
  'insufficient_scope',
  'role_not_allowed',
  'api_access_disabled',
];
/** Codes every operation can answer with. */
const SERVER_ERRORS: readonly ErrorCode[] = ['internal_error', 'database_unavailable'];
/** Codes of reading a JSON body. */
const JSON_BODY_ERRORS: readonly ErrorCode[] = [
  'invalid_json',
  'payload_too_large',
  'request_timeout',
  'unsupported_content_type',
  'validation_failed',
];

/**
 * The OpenAPI 3.1 document of the operations, built from their zod schemas: request schemas as
 * the schemas accept input, responses as handlers produce output. Named schemas (`components`)
 * become shared components; every other body schema gets a component named after its operation.
 */
export function openApiDocument(
  operations: readonly AnyOperation[],
  options: {
    readonly baseUrl: string;
    readonly components: Readonly<Record<string, z.ZodType>>;
    /** Every tag an operation uses, with what it groups. */
    readonly tags: Readonly<Record<string, string>>;
  },
): OpenApi {
  const inputs = z.registry<{ id: string }>();
  const outputs = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(options.components)) outputs.add(schema, { id });
  outputs.add(errorSchema, { id: 'Error' });
  const taken = new Set<string>([...Object.keys(options.components), 'Error']);
  // A schema met again keeps its name; a new one takes the fallback, numbered if that is taken.
  const refOf = (registry: typeof inputs, schema: z.ZodType, fallback: string) => {
    let id = registry.get(schema)?.id;
    if (id === undefined) {
      id = fallback;
      for (let n = 2; taken.has(id); n += 1) id = `${fallback}${n}`;
      taken.add(id);
      registry.add(schema, { id });
    }
    return { $ref: `#/components/schemas/${id}` };
  };

  const paths: OpenApi['paths'] = {};
  for (const op of operations) {
    const name = op.id.charAt(0).toUpperCase() + op.id.slice(1);
    const entry: Record<string, unknown> = {
      operationId: op.id,
      tags: [op.tag],
      summary: op.summary,
      ...(op.description === undefined ? {} : { description: op.description }),
      ...(op.deprecated ? { deprecated: true } : {}),
      security:
        typeof op.access === 'object' ? [{ apiKey: op.access.scope === null ? [] : [op.access.scope] }] : [],
      // The team action the caller's role must allow (docs/teams.md), for clients and the role test.
      ...(typeof op.access === 'object' && op.access.action !== null
        ? { 'x-svc-team-action': op.access.action }
        : {}),
    };
    const parameters = [...pathParameters(op.path), ...queryParameters(op.query)];
    if (parameters.length > 0) entry.parameters = parameters;

    const requestBody = requestBodyOf(op.body, (schema, fallback) => refOf(inputs, schema, fallback), name);
    if (requestBody !== undefined) entry.requestBody = requestBody;

    const responses: Record<string, unknown> = {};
    for (const [status, spec] of Object.entries(op.responses as Record<number, ResponseSpec>)) {
      responses[status] = successResponse(spec, (schema) => refOf(outputs, schema, `${name}Response`));
    }
    for (const [status, codes] of errorStatuses(op)) {
      if (responses[status] !== undefined) continue; // a documented answer of its own (the health check's 503)
      responses[status] = {
        description: `Answered with ${codes.map((c) => `\`${c}\``).join(', ')}.`,
        ...(status === '503' || status === '429' ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/Error' },
            example: { error: exampleMessage(codes[0] ?? 'internal_error'), code: codes[0] },
          },
        },
      };
    }
    if (isRateLimited(op)) {
      for (const response of Object.values(responses) as Record<string, unknown>[]) {
        response.headers = { ...(response.headers as object | undefined), ...RATE_LIMIT_HEADER_REFS };
      }
    }
    entry.responses = responses;
    paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: entry };
  }

  return {
    openapi: '3.1.1',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Social post scheduling service',
      version: API_VERSION,
      description:
        'Connect Instagram, TikTok, YouTube, Threads and Facebook accounts, upload media, schedule posts and follow them until posted or failed. Every error is `{error, code}`; the codes are stable.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: options.baseUrl.replace(/\/+$/, '') }],
    tags: [...new Set(operations.map((op) => op.tag))].map((tag) => ({
      name: tag,
      description: options.tags[tag] ?? '',
    })),
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key (`svc_…`) as `Authorization: Bearer <key>`. The scopes listed on an operation are the ones its key needs.',
        },
      },
      headers: RATE_LIMIT_HEADERS,
      schemas: {
        ...schemasOf(inputs, 'input'),
        ...schemasOf(outputs, 'output'),
      },
    },
  };
}

const RETRY_AFTER = { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } };

/** The headers of draft-ietf-httpapi-ratelimit-headers-11, on every limited answer while limits are on. */
const RATE_LIMIT_HEADERS: Record<string, unknown> = {
  'RateLimit-Policy': {
    description:
      'The limits this request counts against, each with its quota `q` per window of `w` seconds: `"address";q=1200;w=60, "key";q=600;w=60` (the key\'s only once it is authenticated). Absent when the operator turned the limits off.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'What is left of each limit, `r` requests, and the seconds `t` until its window ends: `"address";r=1199;t=60, "key";r=17;t=42`.',
    schema: { type: 'string' },
  },
};

/** References to them, as each response lists them. */
const RATE_LIMIT_HEADER_REFS = Object.fromEntries(
  Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
);

function successResponse(spec: ResponseSpec, refOf: (schema: z.ZodType) => unknown): Record<string, unknown> {
  const example = spec.example === undefined ? {} : { example: spec.example };
  const bodies: [string, z.ZodType | null][] =
    spec.raw === undefined
      ? spec.schema === undefined
        ? []
        : [['application/json', spec.schema]]
      : Object.entries(spec.raw);
  const content = Object.fromEntries(
    bodies.map(([type, schema]) => [
      type,
      { schema: schema === null ? { type: 'string', contentMediaType: type } : refOf(schema), ...example },
    ]),
  );
  return { description: spec.description, content };
}

/** The error codes an operation can answer with, grouped by HTTP status, lowest status first. */
export function errorStatuses(op: AnyOperation): [string, ErrorCode[]][] {
  const codes = new Set<ErrorCode>(op.errors);
  if (typeof op.access === 'object') for (const code of KEY_ERRORS) codes.add(code);
  if (op.query !== undefined) codes.add('validation_failed');
  // An id longer than the router reads is no endpoint at all (see routeTable).
  if (op.path.includes('{')) codes.add('not_found');
  if (op.body?.kind === 'json') for (const code of JSON_BODY_ERRORS) codes.add(code);
  if (op.body?.kind === 'text')
    for (const code of ['payload_too_large', 'request_timeout', 'unsupported_content_type'] as const)
      codes.add(code);
  // Every operation inherits what the server may answer whatever the route: a fault, the database
  // away (503), and a limit's 429 wherever a limit counts (docs/rate-limits.md).
  for (const code of SERVER_ERRORS) codes.add(code);
  if (isRateLimited(op)) codes.add('rate_limited');
  const byStatus = new Map<string, ErrorCode[]>();
  for (const code of codes) {
    const status = String(ERROR_STATUS[code]);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return [...byStatus.entries()].sort(([a], [b]) => Number(a) - Number(b));
}

function pathParameters(path: string): unknown[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', minLength: 1, maxLength: 200 },
  }));
}

function queryParameters(query: z.ZodType | undefined): unknown[] {
  if (query === undefined) return [];
  const schema = clean(
    z.toJSONSchema(query, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }),
  );
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(description === undefined ? {} : { description }),
      schema: rest,
    };
  });
}

function schemasOf(
  registry: z.core.$ZodRegistry<{ id: string }>,
  io: 'input' | 'output',
): Record<string, JsonSchema> {
  const converted = z.toJSONSchema(registry, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  return Object.fromEntries(Object.entries(converted.schemas).map(([id, schema]) => [id, clean(schema)]));
}

/** A converted schema without the keywords that only make sense for a standalone document. */
function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function exampleMessage(code: ErrorCode): string {
  return EXAMPLE_MESSAGES[code] ?? 'See docs/errors.md for what this code means and what to do.';
}

const EXAMPLE_MESSAGES: Partial<Record<ErrorCode, string>> = {
  missing_api_key: 'Send your API key as "Authorization: Bearer <key>".',
  insufficient_scope: 'This key lacks the post:write scope.',
  validation_failed: 'limit: Too big: expected number to be <=100.',
  post_not_found: 'Post post_01J not found.',
  rate_limited: 'Too many requests from this key: at most 600 a minute. Try again in 42 s.',
  database_unavailable: 'The database is unavailable. Try again shortly.',
  request_timeout: 'The request body did not arrive within 30 s of its headers.',
  internal_error: 'Something went wrong on our side. Try again; if it persists, report the request id.',
};
