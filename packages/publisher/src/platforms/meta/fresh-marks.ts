/**
 * The publish marks this process set and has not acted on yet. A mark (`publishStartedAt`) is
 * saved before the call that makes a post public, so that whoever takes the post next checks the
 * platform before sending again. When the process that set a mark takes the next step itself, the
 * entry tells it no call went out since, so it may skip that check and save a platform read per
 * post. The entry is taken before the call is sent: any later step with the same mark (a retry, a
 * restart, another process) finds none and checks.
 */
export type FreshMarks = {
  /** Remembers that this process just set `mark` on the post. */
  add(postId: string, mark: string): void;
  /** Forgets the post's entry; true when it was exactly `mark`, set here and not acted on. */
  take(postId: string, mark: string): boolean;
};

/** Creates the register; the oldest entries go first past `limit` (marks whose step never came). */
export function createFreshMarks(limit = 10_000): FreshMarks {
  const marks = new Map<string, string>();
  return {
    add(postId, mark) {
      marks.delete(postId);
      marks.set(postId, mark);
      if (marks.size > limit) {
        const oldest = marks.keys().next();
        if (oldest.done !== true) marks.delete(oldest.value);
      }
    },
    take(postId, mark) {
      const held = marks.get(postId);
      marks.delete(postId);
      return held === mark;
    },
  };
}
