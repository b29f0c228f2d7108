import { err, ok, type Result } from 'neverthrow';
import { type ConnectedAccount, postingLimitMessage, readPostingOptions } from '../../accounts/index.js';
import type { CoreDeps } from '../../deps/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { type PolicyIssue, type PolicyMedia, policyWarning } from '../../policy/index.js';
import type { PostRequest } from '../post-request.js';
import { checkTikTokPhotoSource } from './check-tiktok-photo-source.js';

type Deps = Pick<CoreDeps, 'store' | 'clock' | 'secretBox' | 'platforms' | 'postingOptionsCache'>;

const FIELD = 'platformMeta.tiktok';

// Post settings that TikTok requires to stay off when the creator turned them off in the app.
const INTERACTIONS = [
  { setting: 'disableComment', option: 'commentDisabled', name: 'Comments' },
  { setting: 'disableDuet', option: 'duetDisabled', name: 'Duets' },
  { setting: 'disableStitch', option: 'stitchDisabled', name: 'Stitches' },
] as const;

/**
 * Checks a request against what TikTok allows: a photo post needs a verified media prefix on this
 * server (`checkTikTokPhotoSource`), and each target creator's live posting options: the privacy level
 * must be one the creator allows (the error lists them) and a video may not be longer than the
 * creator may post. Interactions the creator turned off are warnings: they stay off whatever the
 * post asks. When the options cannot be read now (TikTok unreachable, the creator blocked for the
 * day, the account needing reconnection), the post is accepted with a warning: the publisher
 * reads the options again right before posting, and a post for next week should not be refused
 * because of a minute's outage.
 */
export async function checkCreatorOptions(
  deps: Deps,
  request: Pick<PostRequest, 'platformMeta'>,
  media: readonly PolicyMedia[],
  targets: readonly ConnectedAccount[],
): Promise<Result<PolicyIssue[], SvcError>> {
  const source = checkTikTokPhotoSource(deps.platforms, media, targets);
  if (source.isErr()) return err(source.error);
  const warnings: PolicyIssue[] = [];
  const meta = request.platformMeta?.tiktok ?? {};
  for (const account of targets) {
    if (account.platform !== 'tiktok' || account.needsReconnect) continue;
    const read = await readPostingOptions(deps, account);
    if (read.isErr() && read.error.code === 'creator_cannot_post') {
      warnings.push(
        policyWarning('posting_limit_reached', 'tiktok', FIELD, postingLimitMessage(read.error.message)),
      );
      continue;
    }
    if (read.isErr()) {
      warnings.push(
        policyWarning(
          'posting_options_unchecked',
          'tiktok',
          `${FIELD}.privacyLevel`,
          `The settings @${account.handle} allows could not be checked now (${read.error.message}) They are checked again before the post is published.`,
        ),
      );
      continue;
    }
    const { options } = read.value;
    const level = meta.privacyLevel;
    if (typeof level === 'string' && !options.privacyLevels.includes(level)) {
      return err(
        svcError(
          'privacy_level_not_allowed',
          `@${account.handle} does not allow privacyLevel ${level} on TikTok. Allowed: ${options.privacyLevels.join(', ')}.`,
          {
            field: `${FIELD}.privacyLevel`,
            profileId: account.id,
            allowedPrivacyLevels: [...options.privacyLevels],
          },
        ),
      );
    }
    const longest = Math.max(0, ...media.map((m) => m.durationMs ?? 0));
    if (options.maxVideoDurationSec !== null && longest > options.maxVideoDurationSec * 1000) {
      return err(
        svcError(
          'video_too_long',
          `The video runs ${Math.ceil(longest / 1000)} s; @${account.handle} may post videos of at most ${options.maxVideoDurationSec} s on TikTok. Trim it.`,
          { field: 'media[0]', profileId: account.id, maxDurationSec: options.maxVideoDurationSec },
        ),
      );
    }
    for (const { setting, option, name } of INTERACTIONS) {
      if (options[option] && meta[setting] !== true) {
        warnings.push(
          policyWarning(
            'interaction_disabled',
            'tiktok',
            `${FIELD}.${setting}`,
            `${name} are turned off in @${account.handle}'s TikTok settings, so the post is published with ${name.toLowerCase()} off.`,
          ),
        );
      }
    }
  }
  return ok(warnings);
}
