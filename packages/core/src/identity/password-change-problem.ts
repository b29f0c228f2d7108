import { passwordProblem } from './password-rules.js';

/** What is wrong with a new password and its confirmation, or null when they may be used. */
export function passwordChangeProblem(password: string, confirm: string | undefined): string | null {
  if (confirm !== undefined && password !== confirm) return 'The two new passwords differ.';
  return passwordProblem(password);
}
