const MINUTE_MS = 60_000;

/**
 * When the collector asks for a public id the platform held back, as offsets from publishing:
 * 1, 2, 5, 10, 30 minutes apart, then every hour or two. TikTok says moderation "usually
 * finishes within one minute" and "in some cases … may take a few hours"; after six hours the
 * collector stops asking (the post stays posted, without its link or metrics).
 */
export const PUBLIC_ID_CHECKS_MS: readonly number[] = [1, 3, 8, 18, 48, 108, 228, 348].map(
  (minutes) => minutes * MINUTE_MS,
);

/** The first ask for a held-back public id of a post published at `publishedAt`. */
export function firstPublicIdCheckAt(publishedAt: Date): Date {
  return new Date(publishedAt.getTime() + (PUBLIC_ID_CHECKS_MS[0] ?? MINUTE_MS));
}

/**
 * The next ask after one made at `now` for a post published at `publishedAt`: the first check time
 * still ahead, at least `minWaitMs` from now; null once the schedule is over (give up).
 */
export function nextPublicIdCheckAt(publishedAt: Date, now: Date, minWaitMs = 0): Date | null {
  const earliest = now.getTime() + minWaitMs;
  const next = PUBLIC_ID_CHECKS_MS.map((offset) => publishedAt.getTime() + offset).find(
    (at) => at > now.getTime(),
  );
  return next === undefined ? null : new Date(Math.max(next, earliest));
}
