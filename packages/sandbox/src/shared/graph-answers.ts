import { tokenOf } from './authenticate.js';
import { graphError, type SandboxHttpError } from './graph-error.js';
import type { GraphInjections, GraphPlatform, InjectedGraphError } from './graph-injections.js';
import { jsonReply, type Reply } from './http-io.js';
import type { SandboxCall } from './sandbox-call.js';
import type { CallHooks, SandboxRequest } from './sandbox-router.js';
import { readToken } from './signed-token.js';

const HOUR_MS = 60 * 60_000;
const GRAPH_PLATFORMS: readonly string[] = ['instagram', 'threads', 'facebook'];
// Graph's throttling codes: their refusals come with the usage headers at 100 %.
const THROTTLE_CODES = new Set([4, 17, 32, 613, 80001, 80002, 80006]);

/** What the Graph answer hooks need: the state's injections, the clock and the token secret. */
export type GraphAnswerContext = {
  readonly injections: GraphInjections;
  readonly now: () => number;
  readonly secret: string;
};

/**
 * Before a Graph call runs: counts it in the rolling hour, and answers the first queued error
 * that matches it (nothing changes then, as when Meta refuses a call). Null lets the call run.
 */
export function injectedGraphRefusal(
  ctx: GraphAnswerContext,
  call: SandboxCall,
  request: SandboxRequest,
): Reply | null {
  if (!GRAPH_PLATFORMS.includes(call.platform)) return null;
  const platform = call.platform as GraphPlatform;
  count(ctx, platform, tokenOf(request));
  const { queued } = ctx.injections;
  const index = queued.findIndex(
    (q) => q.platform === platform && (q.operations === null || q.operations.includes(call.operation)),
  );
  const entry = queued[index];
  if (entry === undefined) return null;
  entry.times -= 1;
  if (entry.times <= 0) queued.splice(index, 1);
  const refusal = refusalOf(entry.error);
  const reply = jsonReply(refusal.status, refusal.body);
  const throttled = isThrottle(entry.error);
  return withUsage(
    ctx,
    platform,
    request,
    reply,
    throttled ? (entry.error.regainMinutes ?? 0) : null,
    throttled && entry.error.code === 4,
  );
}

/**
 * Adds the usage headers Meta sends on every answer, success or error (Graph rate-limiting
 * page): `X-App-Usage` always; `X-Business-Use-Case-Usage` for Instagram, keyed by the account;
 * `X-Page-Usage` for calls with a Facebook Page token. Percentages are the calls of the rolling
 * hour against the budget, so they rise as calls are made.
 */
export function withGraphUsage(
  ctx: GraphAnswerContext,
  call: SandboxCall,
  request: SandboxRequest,
  reply: Reply,
): Reply {
  if (!GRAPH_PLATFORMS.includes(call.platform)) return reply;
  if (reply.headers['x-app-usage'] !== undefined) return reply;
  return withUsage(ctx, call.platform as GraphPlatform, request, reply, null, false);
}

// `regainMinutes` non-null: a throttled answer, the account's usage at 100 % (and the app's when
// the app limit, code 4, was hit).
function withUsage(
  ctx: GraphAnswerContext,
  platform: GraphPlatform,
  request: SandboxRequest,
  reply: Reply,
  regainMinutes: number | null,
  appLimited: boolean,
): Reply {
  const token = tokenOf(request);
  const appPct = appLimited ? 100 : percent(ctx, `app:${platform}`);
  const accountPct = regainMinutes !== null ? 100 : token === null ? null : percent(ctx, `token:${token}`);
  const headers: Record<string, string> = {
    ...reply.headers,
    'x-app-usage': JSON.stringify(usageOf(appPct)),
  };
  const payload = token === null ? null : readToken(ctx.secret, token);
  if (accountPct !== null && payload !== null) {
    const regain = regainMinutes ?? 0;
    if (platform === 'instagram') {
      headers['x-business-use-case-usage'] = JSON.stringify({
        [payload.uid]: [
          { type: 'instagram', ...usageOf(accountPct), estimated_time_to_regain_access: regain },
        ],
      });
    } else if (platform === 'facebook' && payload.k === 'page') {
      headers['x-page-usage'] = JSON.stringify({
        ...usageOf(accountPct),
        estimated_time_to_regain_access: regain,
      });
    }
  }
  return { ...reply, headers };
}

function usageOf(pct: number) {
  // CPU and total time grow more slowly than the call count in the simulator, as they do for
  // light calls on Graph.
  return { call_count: pct, total_cputime: Math.floor(pct / 2), total_time: Math.floor(pct / 2) };
}

// Calls count against the token's own budget (the Page's or the account's Business Use Case
// limit); only calls without a token or with a Facebook user token count against the app's
// (Graph rate-limiting page: Page-token and Instagram calls are BUC-limited).
function count(ctx: GraphAnswerContext, platform: GraphPlatform, token: string | null): void {
  const now = ctx.now();
  const payload = token === null ? null : readToken(ctx.secret, token);
  const appCall = token === null || (platform === 'facebook' && payload?.k !== 'page');
  const keys = [...(appCall ? [`app:${platform}`] : []), ...(token === null ? [] : [`token:${token}`])];
  for (const key of keys) {
    const times = (ctx.injections.calls.get(key) ?? []).filter((t) => now - t < HOUR_MS);
    times.push(now);
    ctx.injections.calls.set(key, times);
  }
}

function percent(ctx: GraphAnswerContext, key: string): number {
  const now = ctx.now();
  const calls = (ctx.injections.calls.get(key) ?? []).filter((t) => now - t < HOUR_MS).length;
  return Math.min(100, Math.floor((calls * 100) / Math.max(1, ctx.injections.budget)));
}

// Code 4 with a subcode is not the app limit (Instagram's 2207051 is suspected spam).
function isThrottle(error: InjectedGraphError): boolean {
  return THROTTLE_CODES.has(error.code) && error.subcode === undefined;
}

function refusalOf(error: InjectedGraphError): SandboxHttpError {
  const throttled = isThrottle(error);
  return graphError(error.status ?? (throttled ? 403 : 400), {
    code: error.code,
    message: error.message ?? defaultMessage(error.code),
    ...(error.subcode === undefined ? {} : { subcode: error.subcode }),
    ...(error.userMessage === undefined ? {} : { userMessage: error.userMessage }),
    transient: error.transient ?? false,
  });
}

// Graph's wording of the throttling refusals (rate-limiting and error-handling pages).
function defaultMessage(code: number): string {
  switch (code) {
    case 4:
      return '(#4) Application request limit reached';
    case 17:
      return '(#17) User request limit reached';
    case 32:
      return '(#32) Page request limit reached';
    case 613:
      return '(#613) Calls to this api have exceeded the rate limit.';
    case 80001:
      return '(#80001) There have been too many calls to this Page account. Wait a bit and try again.';
    case 80002:
      return '(#80002) There have been too many calls to this Instagram account. Wait a bit and try again.';
    default:
      return `(#${code}) The sandbox was asked to refuse this call.`;
  }
}

/** The Graph simulators' call hooks: injected refusals before, usage headers after. */
export function graphCallHooks(ctx: GraphAnswerContext): CallHooks {
  return {
    before: (call, request) => injectedGraphRefusal(ctx, call, request),
    after: (call, request, reply) => withGraphUsage(ctx, call, request, reply),
  };
}
