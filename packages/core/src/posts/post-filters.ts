import type { PostStatus, PublicPostStatus } from '../kernel/index.js';

/**
 * The internal statuses behind public ones, for stores filtering by status: a post being
 * published is still `scheduled` to callers (see `publicStatus`).
 */
export function internalStatuses(statuses: readonly PublicPostStatus[]): PostStatus[] {
  return statuses.flatMap((s): PostStatus[] => (s === 'scheduled' ? ['scheduled', 'publishing'] : [s]));
}

/**
 * The `LIKE`/`ILIKE` pattern of a list's text filter: posts whose caption or title contains
 * `text`, taken literally. `%`, `_` and the escape character `\` are escaped with `\`, so SQL
 * stores write `… LIKE pattern ESCAPE '\'`.
 */
export function textFilterPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
