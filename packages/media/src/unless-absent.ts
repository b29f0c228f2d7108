/**
 * What `work` answers, or `fallback` when it failed because what it reads is not there
 * (`isAbsent` tells, as each backend says it): for the stores an absent file or object is an
 * answer, not a fault. Any other failure rejects.
 */
export async function unlessAbsent<T, F>(
  work: Promise<T>,
  isAbsent: (error: unknown) => boolean,
  fallback: F,
): Promise<T | F> {
  try {
    return await work;
  } catch (error) {
    if (isAbsent(error)) return fallback;
    throw error;
  }
}
