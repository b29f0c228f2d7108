import type { CoreDeps } from '../../deps/index.js';
import { composeDailyDigest } from '../daily-digest.js';
import { type DigestDay, digestDayAt, digestDedupKey } from '../daily-digest-time.js';
import type { Notification } from '../notification.js';
import { unsubscribeToken } from '../unsubscribe-token.js';
import { gatherWorkspaceDigest } from './gather-workspace-digest.js';

/** What the digest pass needs: people, their workspaces, the outbox, and the public base URL. */
export type DailyDigestDeps = Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'secretBox'> & {
  /** `SVC_BASE_URL`, without a trailing slash: links in messages start with it. */
  readonly baseUrl: string;
};

/** People read per page of the pass. */
const PAGE = 200;

/**
 * One pass of the daily digest (docs/notifications.md, "Daily digest"): for each person who chose
 * it and whose local digest hour has passed today, unless their digest of today is stored, makes
 * it and puts it in the outbox, where the sender delivers it like any notification (retried, at
 * least once). The dedup key (person × local date) is unique: however many processes make the
 * same digest, after whatever crash, one row is stored and one message sent. A digest with nothing
 * to say is stored `skipped` (never sent), so the day is decided once. Answers how many digests
 * were queued to send.
 */
export async function makeDailyDigests(deps: DailyDigestDeps): Promise<number> {
  let queued = 0;
  let after: string | null = null;
  for (;;) {
    const people = await deps.store.notifications.peopleWhoChose('daily_digest', after, PAGE);
    const last = people.at(-1);
    if (last === undefined) return queued;
    after = last;
    const now = deps.clock.now();
    const due: { userId: string; email: string; timeZone: string; day: DigestDay; key: string }[] = [];
    for (const userId of people) {
      const user = await deps.store.users.getUser(userId);
      const day = user === null ? null : digestDayAt(user.timeZone, now);
      if (user === null || day === null) continue;
      const key = digestDedupKey(userId, day.date);
      due.push({ userId, email: user.email, timeZone: user.timeZone, day, key });
    }
    if (due.length === 0) continue;
    const taken = await deps.store.notifications.takenKeys(due.map((d) => d.key));
    const made: Notification[] = [];
    for (const person of due.filter((d) => !taken.has(d.key))) {
      const memberships = await deps.store.workspaces.listMemberships(person.userId);
      const window = { since: person.day.since, until: person.day.at, now };
      const parts = [];
      for (const membership of memberships) parts.push(await gatherWorkspaceDigest(deps, membership, window));
      const unsubscribeUrl = `${deps.baseUrl}/unsubscribe?token=${encodeURIComponent(
        unsubscribeToken(deps.secretBox, { userId: person.userId, kind: 'daily_digest' }),
      )}`;
      const message = composeDailyDigest(parts, {
        timeZone: person.timeZone,
        date: person.day.date,
        link: `${deps.baseUrl}/app`,
        unsubscribeUrl,
      });
      made.push({
        id: deps.ids.id('ntf'),
        dedupKey: person.key,
        userId: person.userId,
        kind: 'daily_digest',
        to: person.email,
        subject: message?.subject ?? '',
        text: message?.text ?? '',
        html: message?.html ?? '',
        unsubscribeUrl,
        status: message === null ? 'skipped' : 'pending',
        attempts: 0,
        nextAttemptAt: message === null ? null : now,
        lastError: null,
        createdAt: now,
        updatedAt: now,
        sentAt: null,
      });
    }
    await deps.store.notifications.enqueue(made);
    queued += made.filter((n) => n.status === 'pending').length;
  }
}
