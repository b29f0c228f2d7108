/** What the TikTok simulator remembers between calls. */
export type TikTokState = Record<string, never>;

/** Empty TikTok state. */
export function createTikTokState(): TikTokState {
  return {};
}

/** Forgets everything the TikTok simulator remembered. */
export function resetTikTokState(_state: TikTokState): void {}
