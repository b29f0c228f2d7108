import { createFacebookState, type FacebookState, resetFacebookState } from './facebook/facebook-state.js';
import {
  createInstagramState,
  type InstagramState,
  resetInstagramState,
} from './instagram/instagram-state.js';
import type { PlatformSlices } from './shared/sandbox-state.js';
import { createTikTokState, resetTikTokState, type TikTokState } from './tiktok/tiktok-state.js';
import { createYouTubeState, resetYouTubeState, type YouTubeState } from './youtube/youtube-state.js';

// The platforms' own parts of the sandbox state, added to `PlatformStates` here rather than in
// shared/, which must not know the platform folders.
declare module './shared/sandbox-state.js' {
  interface PlatformStates {
    /** The TikTok simulator's publishes, uploads and rate-limit windows. */
    readonly tiktok: TikTokState;
    /** The YouTube simulator's upload sessions, videos and quota. */
    readonly youtube: YouTubeState;
    /** Instagram comments, private replies, webhook subscriptions and deliveries. */
    readonly instagram: InstagramState;
    /** Business Manager Pages and Facebook Login for Business configurations. */
    readonly facebook: FacebookState;
  }
}

/** How each platform's part of the state is made empty and emptied again. */
export const PLATFORM_SLICES: PlatformSlices = {
  tiktok: { create: createTikTokState, reset: resetTikTokState },
  youtube: { create: createYouTubeState, reset: resetYouTubeState },
  instagram: { create: createInstagramState, reset: resetInstagramState },
  facebook: { create: createFacebookState, reset: resetFacebookState },
};
