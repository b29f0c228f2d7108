/**
 * A path segment decoded (a link's token, a media id). A malformed escape is no token or id of
 * ours: it is looked up as it is, and found nowhere.
 */
export function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
