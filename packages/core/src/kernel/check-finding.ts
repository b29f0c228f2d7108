/**
 * How a check came out, in the reports of `svc platforms check` and `svc doctor`: `warn` is
 * acceptable but worth reading, `skipped` could not be made or does not apply.
 */
export type CheckLevel = 'pass' | 'warn' | 'fail' | 'skipped';

/** One finding of a check; `ok` is false only for `fail`. The message says what to do. */
export type CheckFinding = {
  readonly name: string;
  readonly ok: boolean;
  readonly level: CheckLevel;
  readonly message: string;
};

/** A finding at a level. */
export function checkFinding(name: string, level: CheckLevel, message: string): CheckFinding {
  return { name, ok: level !== 'fail', level, message };
}
