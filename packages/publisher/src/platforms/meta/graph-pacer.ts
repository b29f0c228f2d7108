import type { GraphUsage } from './graph-usage.js';

/** Usage from which the next call waits (percent of any of Meta's counters). */
export const PACE_FROM_PERCENT = 90;
/** The wait each percent from PACE_FROM_PERCENT on adds: 1 min at 90 %, 6 at 95 %, 11 at 100 %. */
export const PACE_STEP_MS = 60_000;

/**
 * How long the next call waits after an answer reported `usage`: Meta's regain estimate when
 * it gives one, else nothing below 90 % and a minute more per percent from there, so the
 * rolling window drains before the limit is hit instead of after.
 */
export function paceAfter(usage: GraphUsage): { readonly appMs: number; readonly accountMs: number } {
  const wait = (percent: number | null) =>
    percent === null || percent < PACE_FROM_PERCENT
      ? 0
      : (Math.floor(percent) - PACE_FROM_PERCENT + 1) * PACE_STEP_MS;
  const regain = usage.regainAccessMs;
  return {
    appMs: regain !== null && usage.app !== null && usage.app >= 100 ? regain : wait(usage.app),
    accountMs: regain ?? wait(usage.account),
  };
}

/**
 * What one Graph client has learnt from the usage headers: until when calls of the app, and
 * calls with a given token (one Page or Instagram account), should wait. In memory, per process:
 * each publisher paces itself from the answers it gets, and the platform's own refusals still
 * stop the others.
 */
export type GraphPacer = {
  /** Milliseconds a call with `token` (null: app-only calls such as OAuth) must still wait. */
  waitMs(token: string | null, nowMs: number): number;
  /** Takes in the usage an answer to a call with `token` reported. */
  record(token: string | null, usage: GraphUsage, nowMs: number): void;
};

/** A GraphPacer keeping only waits still running, so it does not grow with old tokens. */
export function createGraphPacer(): GraphPacer {
  let appUntil = 0;
  const accountUntil = new Map<string, number>();
  return {
    waitMs(token, nowMs) {
      const account = token === null ? 0 : (accountUntil.get(token) ?? 0);
      return Math.max(0, appUntil - nowMs, account - nowMs);
    },
    record(token, usage, nowMs) {
      const pace = paceAfter(usage);
      if (usage.app !== null) appUntil = nowMs + pace.appMs;
      if (token !== null && (usage.account !== null || usage.regainAccessMs !== null)) {
        if (pace.accountMs > 0) accountUntil.set(token, nowMs + pace.accountMs);
        else accountUntil.delete(token);
      }
      for (const [key, until] of accountUntil) if (until <= nowMs) accountUntil.delete(key);
    },
  };
}
