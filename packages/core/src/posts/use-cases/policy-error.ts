import { ERROR_CODES, type ErrorCode, type SvcError, svcError } from '../../kernel/index.js';
import type { PolicyIssue } from '../../policy/index.js';

/**
 * The error for a post the policy refused: the first error's code (so callers can branch on the
 * most general problem), every message, and every finding in `details.issues`.
 */
export function policyError(errors: readonly PolicyIssue[], warnings: readonly PolicyIssue[]): SvcError {
  const first = errors[0];
  const code: ErrorCode =
    first !== undefined && (ERROR_CODES as readonly string[]).includes(first.code)
      ? (first.code as ErrorCode)
      : 'validation_failed';
  return svcError(code, errors.map((e) => e.message).join(' '), {
    field: first?.field,
    issues: [...errors],
    warnings: [...warnings],
  });
}
