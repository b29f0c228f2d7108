import {
  type MixedImageSizes,
  PLATFORM_NAMES,
  type PolicyInput,
  type PolicyIssue,
  type PolicyResult,
  type TextCounter,
} from '@svc/core/policy';
import { counterWords } from '@svc/core/vocabulary';
import { INSTAGRAM_FIELD_NAMES } from './instagram-form-meta.js';
import { YOUTUBE_FIELD_NAMES } from './youtube-form-meta.js';

// The words of the compose page's checks, shared by the page the server renders and the script
// that redraws it as the person types (browser/compose-checks.ts), so both say the same thing.

/**
 * Photos of different sizes in a set are padded to the first one's, as over REST: the page shows
 * the checks before anything is sent, and the server applies the same choice.
 */
export const COMPOSE_MIXED_IMAGE_SIZES: MixedImageSizes = 'pad';

/** What a counter measures: `Instagram caption`, `YouTube title`, `Caption` (the service's cap). */
export function counterLabel(counter: TextCounter): string {
  const field = counter.field === 'caption' ? 'caption' : 'title';
  return counter.platform === null ? 'Caption' : `${PLATFORM_NAMES[counter.platform]} ${field}`;
}

/**
 * `120 / 2,200 characters` as a person counts them, the platform's own count only where it
 * differs for this text, and how far over (core's vocabulary, which the browser bundles too).
 */
export function counterValue(counter: TextCounter): string {
  return counterWords(counter);
}

/** The one line that sums the checks up. */
export function checksSummary(result: PolicyResult, pristine: boolean): string {
  if (pristine) return 'Choose accounts and write or add something: the checks run as you go.';
  const errors = result.errors.length;
  const warnings = result.warnings.length;
  const advice = warnings === 0 ? '' : ` ${warnings === 1 ? '1 warning' : `${warnings} warnings`} to read.`;
  if (errors === 0) return `No problem found.${advice}`;
  return `${errors === 1 ? '1 problem' : `${errors} problems`} to fix before scheduling.${advice}`;
}

// The platform options' controls on the form (youtube-fieldset.ts, instagram-fieldset.ts), by
// platform and option name: the fields' form names (Instagram's cover frame is typed in seconds).
const OPTION_CONTROLS: Readonly<Record<string, Readonly<Record<string, string | undefined>>>> = {
  youtube: YOUTUBE_FIELD_NAMES,
  instagram: { ...INSTAGRAM_FIELD_NAMES, thumbOffset: INSTAGRAM_FIELD_NAMES.coverSecond },
};

/** Where a policy issue's field is on the compose form, to link the issue to it. */
export function controlOf(issue: PolicyIssue): string | null {
  if (issue.field === 'caption' || issue.field === 'hashtags') return 'caption';
  if (issue.field === 'title') return 'title';
  if (issue.field.startsWith('platformMeta.tiktok')) return 'privacy';
  const option = /^platformMeta\.(youtube|instagram)\.(\w+)/.exec(issue.field);
  if (option !== null) return OPTION_CONTROLS[option[1] ?? '']?.[option[2] ?? ''] ?? null;
  if (issue.field.startsWith('media')) return 'file';
  if (issue.field.startsWith('platforms')) return 'accounts';
  return null;
}

// The few messages written for API callers (they name payload fields) said as the form says it.
const FORM_WORDING: Readonly<Record<string, (platform: string) => string>> = {
  missing_platforms: () => 'Choose at least one account to post to.',
  privacy_level_required: () =>
    'TikTok needs to know who can see the post: choose under “TikTok: who can see it”.',
  made_for_kids_undeclared: () =>
    'The video will be declared not made for kids. Declare it yourself under “YouTube: made for kids?”.',
  media_required: (platform) => `${platform} needs at least one photo or video: add one under Media.`,
};

/** An issue's message as the compose form puts it. */
export function issueMessage(issue: Pick<PolicyIssue, 'code' | 'message' | 'platform'>): string {
  const platform = issue.platform === null ? 'The platform' : PLATFORM_NAMES[issue.platform];
  return FORM_WORDING[issue.code]?.(platform) ?? issue.message;
}

/** Nothing written, chosen or added yet: the checks wait instead of listing what is missing. */
export function isPristine(input: PolicyInput): boolean {
  return (
    (input.caption ?? '') === '' &&
    (input.title ?? '') === '' &&
    input.platforms.length === 0 &&
    (input.media ?? []).length === 0
  );
}

/** Who an issue is about, before its message: `Instagram`, or the service itself. */
export function issueScope(issue: PolicyIssue): string {
  return issue.platform === null ? 'Every platform' : PLATFORM_NAMES[issue.platform];
}
