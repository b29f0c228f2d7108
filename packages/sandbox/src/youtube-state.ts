/** What the YouTube simulator remembers between calls. */
export type YouTubeState = Record<string, never>;

/** Empty YouTube state. */
export function createYouTubeState(): YouTubeState {
  return {};
}

/** Forgets everything the YouTube simulator remembered. */
export function resetYouTubeState(_state: YouTubeState): void {}
