/** How to put back one write of a memory transaction. */
export type Undo = () => void;

/**
 * Runs `run` as a transaction of the memory store, for the scripts that may throw after they
 * wrote (a lost compare-and-set, a clash): each write pushes onto `undo` how to put it back, and a
 * throw puts everything back, last write first, before it goes on to the caller.
 */
export function inMemoryTransaction<R>(run: (undo: Undo[]) => R): R {
  const undo: Undo[] = [];
  try {
    return run(undo);
  } catch (error) {
    for (const step of undo.reverse()) step();
    throw error;
  }
}
