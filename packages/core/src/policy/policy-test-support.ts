// Shared by the policy's tests only (not exported from the package).
import type { PolicyIssue, PolicyResult } from './policy-types.js';

/** The result of a post with nothing to report. */
export const CLEAN: PolicyResult = { ok: true, errors: [], warnings: [] };

/** code, severity, platform and field of every issue (errors, then warnings), or only those with the given codes. */
export function found(result: PolicyResult, ...codes: string[]): Omit<PolicyIssue, 'message'>[] {
  return [...result.errors, ...result.warnings]
    .filter((i) => codes.length === 0 || codes.includes(i.code))
    .map(({ code, severity, platform, field }) => ({ code, severity, platform, field }));
}

/** The message of the first issue with `code`, or '' when there is none. */
export function messageOf(result: PolicyResult, code: string): string {
  return [...result.errors, ...result.warnings].find((i) => i.code === code)?.message ?? '';
}
