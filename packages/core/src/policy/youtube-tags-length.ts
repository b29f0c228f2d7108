/**
 * The length YouTube counts for `snippet.tags` (videos resource): the characters of every tag,
 * the commas between them, and two quotes around each tag holding a space (so `"a b"` counts 5).
 */
export function youtubeTagsLength(tags: readonly string[]): number {
  const chars = tags.reduce((sum, tag) => sum + [...tag].length + (tag.includes(' ') ? 2 : 0), 0);
  return chars + Math.max(0, tags.length - 1);
}

/** YouTube's limit on that length (videos resource, `snippet.tags[]`). */
export const YOUTUBE_TAGS_MAX = 500;
