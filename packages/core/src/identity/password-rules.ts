/**
 * How long a sign-in password may be: people choose it, so a floor keeps the guessable ones out;
 * scrypt's input cost grows with its length, so a ceiling keeps sign-ins cheap.
 */
export const PASSWORD_LENGTH = { min: 10, max: 1024 } as const;

/** What is wrong with a new password, or null when it may be used. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_LENGTH.min)
    return `The password must be at least ${PASSWORD_LENGTH.min} characters.`;
  if (password.length > PASSWORD_LENGTH.max)
    return `The password must be at most ${PASSWORD_LENGTH.max} characters.`;
  return null;
}
