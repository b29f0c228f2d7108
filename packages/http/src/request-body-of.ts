import type { z } from 'zod';
import type { BodySpec } from './operation.js';

/**
 * An operation's OpenAPI `requestBody`, or undefined without a body; `ref` names a schema in the
 * document's components (`fallback` when it is new there).
 */
export function requestBodyOf(
  body: BodySpec | undefined,
  ref: (schema: z.ZodType, fallback: string) => unknown,
  name: string,
): Record<string, unknown> | undefined {
  switch (body?.kind) {
    case undefined:
      return undefined;
    case 'json':
      return {
        required: body.optional !== true,
        content: { 'application/json': exampled(ref(body.schema, `${name}Request`), body.example) },
      };
    case 'multipart':
      return streamed(body.description, 'multipart/form-data', {
        type: 'object',
        properties: { [body.part]: bytes() },
        required: [body.part],
      });
    case 'binary':
      return streamed(body.description, 'application/octet-stream', bytes());
    case 'text':
      return {
        required: true,
        content: Object.fromEntries(
          Object.entries(body.types).map(([type, spec]) => [
            type,
            exampled(ref(spec.schema, `${name}Body`), spec.example),
          ]),
        ),
      };
  }
}

// A body the route reads as a stream: it is required, and described in words.
function streamed(description: string, type: string, schema: unknown): Record<string, unknown> {
  return { required: true, description, content: { [type]: { schema } } };
}

function bytes() {
  return { type: 'string', contentMediaType: 'application/octet-stream' };
}

function exampled(schema: unknown, example: unknown) {
  return { schema, ...(example === undefined ? {} : { example }) };
}
