import { describe, expect, it } from 'vitest';
import { composeDailyDigest, DIGEST_ITEMS_SHOWN, type WorkspaceDigest } from './daily-digest.js';
import { digestDayAt, digestDedupKey } from './daily-digest-time.js';

const FACTS = {
  timeZone: 'UTC',
  date: '2026-11-30',
  link: 'https://svc.example/app',
  unsubscribeUrl: 'https://svc.example/unsubscribe?token=t',
};
const empty: WorkspaceDigest = {
  name: 'Your workspace',
  posted: [],
  failed: [],
  upcoming: [],
  awaitingReview: [],
  reconnect: [],
};
const at = (iso: string) => new Date(iso);

describe('the daily digest: when', () => {
  it('is due from 08:00 in the person’s own zone, dated by their local day', () => {
    expect(digestDayAt('UTC', at('2026-11-30T07:59:59Z'))).toBeNull();
    expect(digestDayAt('UTC', at('2026-11-30T08:00:00Z'))).toEqual({
      date: '2026-11-30',
      at: at('2026-11-30T08:00:00Z'),
      since: at('2026-11-29T08:00:00Z'),
    });
    // Paris is UTC+1 in winter: 08:00 there is 07:00 UTC.
    expect(digestDayAt('Europe/Paris', at('2026-11-30T07:00:00Z'))?.at).toEqual(at('2026-11-30T07:00:00Z'));
    // Auckland (UTC+13 in its summer) is a day ahead: 23:30 UTC is 12:30 on the 1st there.
    expect(digestDayAt('Pacific/Auckland', at('2026-11-30T23:30:00Z'))?.date).toBe('2026-12-01');
    expect(digestDedupKey('user_ann', '2026-11-30')).toBe('digest:user_ann:2026-11-30');
  });
});

describe('the daily digest: what it says', () => {
  it('says nothing at all when no workspace has news', () => {
    expect(composeDailyDigest([], FACTS)).toBeNull();
    expect(composeDailyDigest([empty, { ...empty, name: 'Acme' }], FACTS)).toBeNull();
  });

  it('summarises each workspace with news: posted, failed with reasons, upcoming, reviews, reconnects', () => {
    const message = composeDailyDigest(
      [
        {
          ...empty,
          posted: [
            {
              caption: 'Launch day!\nmore',
              platform: 'instagram',
              handle: 'ann',
              at: at('2026-11-29T10:05:00Z'),
            },
          ],
          failed: [
            {
              caption: 'Teaser <b>',
              platform: 'threads',
              handle: 'ann',
              at: at('2026-11-29T12:00:00Z'),
              reason: 'Media refused <video>',
            },
          ],
          upcoming: [
            { caption: 'Tomorrow', platform: 'instagram', handle: 'ann', at: at('2026-11-30T09:30:00Z') },
          ],
        },
        { ...empty, name: 'Quiet' },
        {
          ...empty,
          name: 'Acme',
          awaitingReview: [{ caption: 'Draft for the client', at: null }],
          reconnect: [{ platform: 'tiktok', handle: 'acme' }],
        },
      ],
      FACTS,
    );
    expect(message?.subject).toBe(
      'Your daily digest for 2026-11-30: 1 posted, 1 failed, 1 scheduled, 1 to review, 1 to reconnect',
    );
    const text = message?.text ?? '';
    expect(text).toContain('== Your workspace ==');
    expect(text).toContain('Posted (1):\n- Sun 10:05 instagram @ann: "Launch day!"');
    expect(text).toContain(
      'Failed (1):\n- Sun 12:00 threads @ann: "Teaser <b>". Reason: Media refused <video>',
    );
    expect(text).toContain('Scheduled for the next 24 hours (1):\n- Mon 09:30 instagram @ann: "Tomorrow"');
    expect(text).toContain('== Acme ==\nDrafts awaiting your review (1):\n- "Draft for the client"');
    expect(text).toContain('Accounts needing reconnection (1):\n- tiktok @acme');
    expect(text).not.toContain('Quiet');
    expect(text).toContain('Unsubscribe: https://svc.example/unsubscribe?token=t');
    expect(message?.html).toContain('Media refused &#60;video&#62;');
    expect(message?.html).not.toContain('<video>');
  });

  it('lists a few items per section and counts the rest', () => {
    const many = Array.from({ length: DIGEST_ITEMS_SHOWN + 3 }, (_, i) => ({
      caption: `Post ${i}`,
      platform: 'instagram',
      handle: 'ann',
      at: at('2026-11-29T10:00:00Z'),
    }));
    const text = composeDailyDigest([{ ...empty, posted: many }], FACTS)?.text ?? '';
    expect(text).toContain(`Posted (${DIGEST_ITEMS_SHOWN + 3}):`);
    expect(text).toContain('- and 3 more');
    expect(text).not.toContain('Post 10"');
  });
});
