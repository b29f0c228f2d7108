import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxSurface } from '@svc/core';
import { escapeHtml } from '@svc/web';
import Router, { type HTTPMethod } from 'find-my-way';
import { graphError, SandboxHttpError } from './graph-error.js';
import { htmlDocument } from './html-page.js';
import { htmlReply, jsonReply, parseFormBody, type Reply, readBody, writeReply } from './http-io.js';
import { type PlatformFailures, transientFailure, unknownPathFailure } from './platform-failures.js';
import type { SandboxCall } from './sandbox-call.js';
import type { SandboxPlatform } from './sandbox-publication.js';
import type { SandboxState } from './sandbox-state.js';

/** A parsed request as routes see it. */
export type SandboxRequest = {
  readonly method: string;
  readonly path: string;
  readonly url: URL;
  /** Path parameters of the route. */
  readonly params: Readonly<Record<string, string>>;
  /** Query parameters overlaid with body fields, as Graph merges them. */
  readonly input: ReadonlyMap<string, string>;
  readonly headers: IncomingHttpHeaders;
  /** The raw body; only kept for `rawBody` routes (uploads). */
  readonly body: Buffer;
};

/** One endpoint. */
export type Route = {
  /**
   * What the route is, for the gate: routes with `call` are platform APIs, other routes pages,
   * unless they say otherwise (consent pages, the visitor comment form, the control API).
   */
  readonly surface?: SandboxSurface;
  /**
   * Set for API calls: they get the configured latency and go through the intercept hook.
   * Consent and public pages leave it out.
   */
  readonly call?: {
    readonly platform: SandboxPlatform;
    readonly operation: string | ((request: SandboxRequest) => string);
  };
  /** Uploads: the body is kept as bytes (up to 60 MB) instead of parsed as a form. */
  readonly rawBody?: boolean;
  run(request: SandboxRequest): Reply | Promise<Reply>;
};

/** A route and where it is mounted. */
export type RouteSpec = {
  readonly methods: readonly HTTPMethod[];
  readonly path: string;
  readonly route: Route;
};

/** A request as the gate sees it, before its body is read. */
export type SandboxAdmission = {
  readonly surface: SandboxSurface;
  readonly req: IncomingMessage;
  readonly url: URL;
};

/** Why the gate turned a request away, ready to answer. */
export type SandboxRefusal = {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  /** Where a person can sign in, shown on refused pages. */
  readonly signInUrl?: string;
};

/**
 * Per-call hooks of the API calls, beside the tests' intercept hook: `before` may answer instead
 * of the route (an injected refusal), `after` may add to every answer (usage headers).
 */
export type CallHooks = {
  before(call: SandboxCall, request: SandboxRequest): Reply | null;
  after(call: SandboxCall, request: SandboxRequest, reply: Reply): Reply;
};

/** Decides who may reach which sandbox route (see `decideSandboxAccess` in core); null lets the request in. */
export type SandboxGate = (admission: SandboxAdmission) => Promise<SandboxRefusal | null>;

const FORM_LIMIT_BYTES = 2 * 1024 * 1024;
const UPLOAD_LIMIT_BYTES = 60 * 1024 * 1024;
const VERSION = /^v\d+\.\d+$/;

const errorReply = (error: unknown): Reply =>
  error instanceof SandboxHttpError
    ? jsonReply(error.status, error.body)
    : jsonReply(500, {
        error: { message: 'An unknown error occurred', type: 'OAuthException', code: 1, is_transient: true },
      });

/**
 * Routes requests to the simulators. API calls are delayed by the configured latency, then the
 * intercept hook runs before anything changes and again after, before the answer is written;
 * a hook that throws turns the answer into the platform's transient server error. `failures`
 * words that error and unknown paths for the platforms that do not speak Graph's; `hooks` run
 * around every API call (the Graph simulators' injected refusals and usage headers).
 */
export function createDispatcher(
  specs: readonly RouteSpec[],
  state: SandboxState,
  gate: SandboxGate,
  failures: PlatformFailures,
  hooks: CallHooks | null = null,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const router = Router({ ignoreTrailingSlash: true, maxParamLength: 2000 });
  for (const spec of specs) router.on([...spec.methods], spec.path, () => undefined, spec.route);

  const intercept = async (call: SandboxCall, phase: 'before' | 'after'): Promise<Reply | null> => {
    const hook = state.interceptor;
    if (hook === null) return null;
    try {
      await hook(call, phase);
      return null;
    } catch {
      return errorReply(transientFailure(failures, call.platform));
    }
  };

  const answer = async (req: IncomingMessage): Promise<Reply> => {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const method = (req.method ?? 'GET').toUpperCase();
    const found = router.find(method as HTTPMethod, url.pathname);
    const params = (found?.params ?? {}) as Record<string, string>;
    if (found === null || (params.version !== undefined && !VERSION.test(params.version))) {
      return errorReply(unknownPathFailure(failures, url.pathname));
    }
    const route = found.store as Route;
    // Before the body is read: a client the gate turns away sends nothing we keep.
    const surface = route.surface ?? (route.call === undefined ? 'page' : 'platform_api');
    const refusal = await gate({ surface, req, url });
    if (refusal !== null) return refusalReply(surface, refusal);
    let request: SandboxRequest;
    try {
      request = await parseRequest(req, url, method, params, route.rawBody === true);
    } catch (error) {
      return errorReply(error);
    }
    if (route.call === undefined) return run(route, request);

    if (state.settings.latencyMs > 0) await new Promise((r) => setTimeout(r, state.settings.latencyMs));
    const op = route.call.operation;
    const call: SandboxCall = {
      platform: route.call.platform,
      operation: typeof op === 'string' ? op : op(request),
      method,
      path: url.pathname,
    };
    const refused = await intercept(call, 'before');
    if (refused !== null) return refused;
    const answered = hooks?.before(call, request) ?? null;
    if (answered !== null) return answered;
    const reply = await run(route, request);
    const final = (await intercept(call, 'after')) ?? reply;
    return hooks === null ? final : hooks.after(call, request, final);
  };

  return async (req, res) => {
    let reply: Reply;
    try {
      reply = await answer(req);
    } catch (error) {
      reply = errorReply(error);
    }
    writeReply(req, res, reply);
  };
}

function refusalReply(surface: SandboxSurface, refusal: SandboxRefusal): Reply {
  if (surface === 'platform_api' || surface === 'control') {
    return jsonReply(refusal.status, { error: refusal.message, code: refusal.code });
  }
  const signIn =
    refusal.signInUrl === undefined
      ? ''
      : `<p><a href="${escapeHtml(refusal.signInUrl)}">Sign in to the console</a></p>`;
  return htmlReply(
    refusal.status,
    htmlDocument(
      'Sandbox: not available',
      [
        '<h1>This sandbox page is not available to you</h1>',
        `<p role="alert">${escapeHtml(refusal.message)}</p>`,
        signIn,
      ].join('\n'),
    ),
  );
}

async function run(route: Route, request: SandboxRequest): Promise<Reply> {
  try {
    return await route.run(request);
  } catch (error) {
    return errorReply(error);
  }
}

async function parseRequest(
  req: IncomingMessage,
  url: URL,
  method: string,
  params: Record<string, string>,
  rawBody: boolean,
): Promise<SandboxRequest> {
  const body = await readBody(req, rawBody ? UPLOAD_LIMIT_BYTES : FORM_LIMIT_BYTES);
  const input = new Map(url.searchParams);
  if (!rawBody) {
    const contentType = req.headers['content-type'];
    for (const [name, value] of await parseFormBody(body, contentType)) input.set(name, value);
  }
  if (input.size > 500) throw graphError(400, { code: 100, message: '(#100) Too many parameters' });
  return {
    method,
    path: url.pathname,
    url,
    params,
    input,
    headers: req.headers,
    body: rawBody ? body : Buffer.alloc(0),
  };
}
