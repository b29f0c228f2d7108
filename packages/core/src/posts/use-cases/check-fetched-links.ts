import { err, ok, type Result } from 'neverthrow';
import type { User } from '../../identity/index.js';
import { PLATFORM_NAMES, type Platform, type SvcError } from '../../kernel/index.js';
import { type ImportDeps, importLink, type MediaRef, refusalError } from '../../media/index.js';
import { type PolicyIssue, validatePostPolicy } from '../../policy/index.js';
import { policyError } from './policy-error.js';

/** What a link's first bytes said, kept for the other platforms of the same request. */
export type SniffMemo = Map<
  string,
  { readonly contentType: string | null } | { readonly unreadable: string }
>;

/**
 * Links a platform fetches itself (Instagram, Threads) are read now, first bytes only, so the post
 * does not fail at its time for a type the platform refuses: an image the platform does not take
 * is imported into the library (to be converted next), a file the service refuses (AVIF, HEIC,
 * a web page) fails the request as an unusable link (422) with re-export advice, a link to a private
 * address or over plain http is refused (`media_url_blocked`), and a link that cannot be read now
 * is left for the platform to fetch, with a warning.
 */
export async function checkFetchedLinks(
  deps: ImportDeps,
  owner: User,
  platform: Platform,
  slides: readonly MediaRef[],
  memo: SniffMemo,
): Promise<Result<{ slides: MediaRef[]; warnings: PolicyIssue[] }, SvcError>> {
  const result: MediaRef[] = [];
  const warnings: PolicyIssue[] = [];
  const types: (string | null)[] = [];
  for (const [index, slide] of slides.entries()) {
    if (slide.kind !== 'link') {
      result.push(slide);
      types.push(null);
      continue;
    }
    let sniffed = memo.get(slide.url);
    if (sniffed === undefined) {
      const answer = await deps.fetcher.sniff(slide.url);
      // A private address or a plain-http link is never one a platform could fetch: refused now,
      // so whether the post publishes cannot tell the caller what answers inside our network.
      if (!answer.ok && (answer.refusal.kind === 'blocked_address' || answer.refusal.kind === 'not_https')) {
        const refused = refusalError(slide.url, answer.refusal);
        return err({ ...refused, details: { ...refused.details, field: `media[${index}]` } });
      }
      sniffed = answer.ok ? { contentType: answer.contentType } : { unreadable: answer.refusal.kind };
      memo.set(slide.url, sniffed);
    }
    if ('unreadable' in sniffed) {
      warnings.push({
        code: 'media_link_unchecked',
        severity: 'warning',
        platform,
        field: `media[${index}]`,
        message: `Slide ${index + 1}'s link could not be read now (${sniffed.unreadable.replace('_', ' ')}); ${PLATFORM_NAMES[platform]} fetches it when the post goes out, and the post fails if it still cannot.`,
      });
      result.push(slide);
      types.push(null);
      continue;
    }
    const type = sniffed.contentType;
    if (type === null || !mustImport(deps, platform, type)) {
      result.push(slide);
      types.push(type);
      continue;
    }
    // Importing reads the whole file: it refuses what the service does not take with the
    // media_url_* codes and re-export advice, and stores what it does, to be converted next.
    const imported = await importLink(deps, owner, slide.url, 'convert');
    if (imported.isErr()) return err(imported.error);
    result.push({ kind: 'asset', mediaId: imported.value.asset.id });
    types.push(imported.value.asset.contentType);
  }
  // What the bytes turned out to be, checked by the same policy as any slide.
  const policy = validatePostPolicy(
    { platforms: [platform], media: types.map((contentType) => ({ contentType })) },
    deps.policy,
  );
  const mediaErrors = policy.errors.filter((e) => e.field.startsWith('media'));
  if (mediaErrors.length > 0) return err(policyError(mediaErrors, []));
  return ok({ slides: result, warnings });
}

/** A link that is not media, of a type the service refuses, or an image the platform would refuse. */
function mustImport(deps: ImportDeps, platform: Platform, type: string): boolean {
  if (!type.startsWith('image/') && !type.startsWith('video/')) return true;
  if (!deps.policy.allowedMediaTypes.includes(type)) return true;
  const rules = deps.policy.platforms[platform];
  return (
    type.startsWith('image/') &&
    !rules.imageTypes.includes(type) &&
    deps.policy.convertibleImageTypes.includes(type)
  );
}
