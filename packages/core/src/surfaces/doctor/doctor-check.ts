import { type CheckFinding, type CheckLevel, checkFinding } from '../../kernel/index.js';

/**
 * How a check of `svc doctor` came out: `warn` is acceptable but worth reading (plain http on
 * loopback), `skipped` could not be made or does not apply (no SMTP server set).
 */
export type DoctorCheckLevel = CheckLevel;

/** One finding of `svc doctor`; `ok` is false only for `fail`. The message says what to do. */
export type DoctorCheck = CheckFinding;

/** What `svc doctor` prints: `ok` is false, and the exit code 1, when any check fails. */
export type DoctorReport = { readonly ok: boolean; readonly checks: readonly DoctorCheck[] };

/** A finding at a level. */
export const doctorCheck = checkFinding;

/** The report of a set of findings, in the order given. */
export function doctorReport(checks: readonly DoctorCheck[]): DoctorReport {
  return { ok: checks.every((check) => check.ok), checks };
}
