import { randomBytes } from 'node:crypto';

/** A refusal the sandbox answers with: an HTTP status and the JSON body the platform would send. */
export class SandboxHttpError extends Error {
  readonly status: number;
  readonly body: Readonly<Record<string, unknown>>;

  constructor(status: number, body: Readonly<Record<string, unknown>>) {
    super(`sandbox answered ${status}`);
    this.status = status;
    this.body = body;
  }
}

/** The fields of a Graph API error (platforms.md section 6). */
export type GraphErrorFields = {
  readonly code: number;
  readonly message: string;
  readonly subcode?: number;
  readonly type?: string;
  readonly userTitle?: string;
  readonly userMessage?: string;
  readonly transient?: boolean;
};

/** A Graph-style error: `{"error":{"message","type","code","error_subcode","is_transient","fbtrace_id"}}`. */
export function graphError(status: number, fields: GraphErrorFields): SandboxHttpError {
  return new SandboxHttpError(status, {
    error: {
      message: fields.message,
      type: fields.type ?? 'OAuthException',
      code: fields.code,
      ...(fields.subcode === undefined ? {} : { error_subcode: fields.subcode }),
      is_transient: fields.transient ?? false,
      ...(fields.userTitle === undefined ? {} : { error_user_title: fields.userTitle }),
      ...(fields.userMessage === undefined ? {} : { error_user_msg: fields.userMessage }),
      fbtrace_id: `A${randomBytes(15).toString('base64url')}`,
    },
  });
}

/** Code 100: a missing or invalid parameter. */
export function invalidParameter(message: string, subcode?: number): SandboxHttpError {
  return graphError(400, {
    code: 100,
    message: `(#100) ${message}`,
    ...(subcode === undefined ? {} : { subcode }),
  });
}

/** Code 100 subcode 33: what Graph answers for ids that do not exist or are not the caller's. */
export function unknownObject(id: string, method: string): SandboxHttpError {
  const verb = method === 'POST' ? 'post' : method === 'DELETE' ? 'delete' : 'get';
  return graphError(400, {
    code: 100,
    subcode: 33,
    type: 'GraphMethodException',
    message:
      `Unsupported ${verb} request. Object with ID '${id}' does not exist, cannot be loaded due to ` +
      'missing permissions, or does not support this operation.',
  });
}

/** Code 10 (Instagram, Threads) or 200 (Facebook): the token is not allowed to act on this object. */
export function permissionDenied(code: 10 | 200, message: string): SandboxHttpError {
  return graphError(403, { code, message: `(#${code}) ${message}` });
}

/** Code 2, HTTP 500, transient: the answer the intercept hook and `#sandbox-transient` inject. */
export function serviceUnavailable(): SandboxHttpError {
  return graphError(500, { code: 2, message: 'Service temporarily unavailable', transient: true });
}

/** 404 for a path no simulator serves. */
export function unknownPath(path: string): SandboxHttpError {
  return graphError(404, { code: 2500, message: `Unknown path components: ${path}` });
}
