import type { PublishStep } from '@svc/core';
import { progressStep } from '../shared/progress-step.js';
import { classifyGoogleFailure } from './classify-google-failure.js';
import { GoogleRequestError } from './google-failure.js';
import { playlistItemListSchema, playlistItemSchema } from './youtube-api.js';
import { youtubeData } from './youtube-data.js';
import type { YouTubeStepInput } from './youtube-step-input.js';

const MAX_TRIES = 3;
const TRY_AGAIN_MS = 5_000;
// playlistItems.insert needs one of these (its reference page); youtube.upload is not enough.
const PLAYLIST_SCOPE = 'https://www.googleapis.com/auth/youtube.force-ssl';
const REASONS: Readonly<Record<string, string>> = {
  playlistNotFound: 'the playlist does not exist, or this channel cannot see it',
  playlistItemsNotAccessible: 'this channel may not add videos to the playlist',
  insufficientPermissions: `the channel was connected without the permission YouTube requires for playlists (${PLAYLIST_SCOPE}); this server's YouTube login does not ask for it`,
  forbidden: 'this channel may not add videos to the playlist',
  videoNotFound: 'YouTube did not find the video yet',
};

/**
 * Adds the published video to `platformMeta.youtube.playlistId` (playlistItems.insert). Exactly
 * once across crashes: the step first lists the playlist's items for this video
 * (`playlistItems.list?videoId=`), so an insert whose answer was lost, or a step that crashed
 * after it, is seen as done and never sent twice. The video is live by now, so a playlist that
 * cannot take it never fails the post: the failure is saved (`playlistError`) and the published
 * post carries it as its warning. A refused token is refreshed, a temporary fault tried again.
 */
export async function addToPlaylist(
  input: YouTubeStepInput,
  videoId: string,
  playlistId: string,
): Promise<PublishStep> {
  try {
    const found = await youtubeData(input, input.accessToken, playlistItemListSchema, {
      method: 'GET',
      resource: 'playlistItems',
      searchParams: { part: 'id', playlistId, videoId },
    });
    if ((found.items ?? []).length === 0) {
      await youtubeData(input, input.accessToken, playlistItemSchema, {
        method: 'POST',
        resource: 'playlistItems',
        searchParams: { part: 'snippet' },
        json: { snippet: { playlistId, resourceId: { kind: 'youtube#video', videoId } } },
      });
    }
  } catch (error) {
    if (!(error instanceof GoogleRequestError)) throw error;
    const verdict = classifyGoogleFailure(error.failure, input.now);
    if (verdict.kind === 'token_expired') return verdict;
    const tries = input.progress.playlistTries + 1;
    if (verdict.kind === 'retry' && tries < MAX_TRIES) {
      return progressStep({ ...input.progress, playlistTries: tries }, TRY_AGAIN_MS);
    }
    const reason = error.failure.reason;
    const said =
      (reason === null ? undefined : REASONS[reason]) ??
      (error.failure.message ?? reason ?? error.failure.detail).replace(/\.$/, '');
    return progressStep({
      ...input.progress,
      playlist: 'failed',
      playlistError: `YouTube did not add the video to playlist ${playlistId}: ${said}.`,
    });
  }
  return progressStep({ ...input.progress, playlist: 'added' });
}
