import { type CheckFinding, type CheckLevel, checkFinding, type Platform } from '../../kernel/index.js';

/** How a platform is served: its real API, the built-in simulator, or not at all. */
export type PlatformMode = 'live' | 'sandbox' | 'not_configured';

/** How a check came out; `skipped` when it could not be made (the platform was unreachable). */
export type PlatformCheckLevel = CheckLevel;

/** One finding of `svc platforms check`; `ok` is false only for `fail`. */
export type PlatformCheck = CheckFinding;

/** Every finding about one platform. */
export type PlatformReport = {
  readonly platform: Platform;
  readonly mode: PlatformMode;
  readonly checks: readonly PlatformCheck[];
};

/** A finding at a level. */
export const platformCheck = checkFinding;

/** Whether every report passes (warnings and skipped checks included); the command's exit code. */
export function platformReportsOk(reports: readonly PlatformReport[]): boolean {
  return reports.every((report) => report.checks.every((check) => check.ok));
}
