import type { ErrorCode, Platform } from '../kernel/index.js';
import type { PolicyIssue, PolicyWarningCode } from './policy-types.js';

/** A blocking finding; the code must be an ErrorCode so it can become an SvcError as is. */
export function policyError(
  code: ErrorCode,
  platform: Platform | null,
  field: string,
  message: string,
): PolicyIssue {
  return { code, severity: 'error', platform, field, message };
}

/** An advisory finding. */
export function policyWarning(
  code: PolicyWarningCode,
  platform: Platform | null,
  field: string,
  message: string,
): PolicyIssue {
  return { code, severity: 'warning', platform, field, message };
}
