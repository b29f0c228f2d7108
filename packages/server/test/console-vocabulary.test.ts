import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES, PLATFORMS, POST_STATUSES, TIKTOK_PRIVACY_LEVELS } from '@svc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, settled, startSandboxServer } from './sandbox-server.js';

// Human words everywhere: every console page, over a sandbox server holding posts of every status,
// media, analytics and TikTok's options, and every tool description, read as a person reads them.
// Ids may stay in links and in a small <code>; as text, a name or a caption stands for them.
const EMAIL = 'ann@example.com';
const PASSWORD = 'a console password';
const JPEG = readFileSync(join(import.meta.dirname, '../../media/test/fixtures/image.jpg'));

// Raw values a person must never read where core's vocabulary has a name for them: statuses and
// error codes (all with an underscore, so never an English word), TikTok's privacy levels, and
// platform ids in lower case as words of their own.
const RAW_WORDS = [
  ...POST_STATUSES.filter((s) => s.includes('_')),
  ...TIKTOK_PRIVACY_LEVELS,
  ...ERROR_CODES.filter((c) => c.includes('_')),
];
const RAW_PLATFORM = new RegExp(`(?<![\\w./@-])(${PLATFORMS.join('|')})(?![\\w.-])`);
const INTERNAL_ID = /\b(post|acct|media|key|appr)_[A-Za-z0-9]{6,}/;

/** The text a person reads: no scripts, no <code> (the copyable secondary ids), no tags. */
function visibleText(page: string): string {
  return page
    .replace(/<head>[\s\S]*?<\/head>/, ' ')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<code>[\s\S]*?<\/code>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

/** What a text shows that it should not: raw enum values and internal ids. */
function rawWordsIn(text: string): string[] {
  const found = RAW_WORDS.filter((w) => new RegExp(`(?<![\\w])${w}(?![\\w])`).test(text));
  const platform = RAW_PLATFORM.exec(text);
  const id = INTERNAL_ID.exec(text);
  return [...found, ...(platform === null ? [] : [platform[0]]), ...(id === null ? [] : [id[0]])];
}

describe('human words on every console page and in every tool description', () => {
  let server: SandboxServer;
  let key: string;
  let accounts: Record<string, string>;
  let cookie = '';
  let csrf = '';
  const postIds: string[] = [];

  const get = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, { headers: { cookie }, redirect: 'manual' });
    const text = await res.text();
    csrf = /name="_csrf" value="([^"]+)"/.exec(text)?.[1] ?? csrf;
    return { status: res.status, text, location: res.headers.get('location') };
  };
  const post = async (path: string, fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams({ _csrf: csrf });
    for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      body,
      headers: { cookie, origin: server.url },
      redirect: 'manual',
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie !== null) cookie = setCookie.split(';')[0] ?? cookie;
    return { status: res.status, text: await res.text(), location: res.headers.get('location') };
  };
  const rest = async (json: Record<string, unknown>) => {
    const created = await server.call('/api/v1/publish', key, { method: 'POST', json });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    postIds.push(...created.body.postIds);
    return created.body.postIds[0] as string;
  };

  beforeAll(async () => {
    server = await startSandboxServer();
    ({ key, accounts } = await seedUser(server, ['threads', 'instagram', 'tiktok', 'youtube']));
    await server.setPassword(EMAIL, PASSWORD);
    await get('/app/sign-in');
    const signed = await post('/app/sign-in', {
      email: EMAIL,
      password: PASSWORD,
      next: '/app',
      timeZone: 'America/New_York',
    });
    expect(signed.location).toBe('/app?zone=browser');
    await get('/app');
    // Posts of every status: posted (with media and analytics), failed, scheduled, a draft and one
    // awaiting review; media used by them; TikTok's live options on Compose and Connections.
    const image = await server.upload(key, JPEG, 'photo.jpg');
    const posted = await rest({
      platforms: ['instagram'],
      profileIds: [accounts.instagram],
      caption: 'A sunny harbour',
      mediaIds: [image],
    });
    const failed = await rest({
      platforms: ['threads'],
      profileIds: [accounts.threads],
      caption: 'This one breaks #sandbox-fail',
    });
    expect((await settled(server, key, posted, 30_000)).status).toBe('posted');
    expect((await settled(server, key, failed, 30_000)).status).toBe('failed');
    const later = new Date(Date.now() + 7 * 86_400_000).toISOString();
    await rest({
      platforms: ['threads'],
      profileIds: [accounts.threads],
      caption: 'Next week 👍',
      scheduledTime: later,
      // Its page tells the evergreen rule in words.
      evergreen: { everyDays: 7, maxTimes: 3, onlyAboveMedian: true },
    });
    await get('/app/compose');
    const draft = await post('/app/compose', {
      action: 'draft',
      caption: 'An idea for later',
      account: accounts.threads ?? '',
    });
    expect(draft.status).toBe(303);
    const review = await post('/app/compose', {
      action: 'approval',
      caption: 'Please check this',
      account: accounts.threads ?? '',
    });
    expect(review.status).toBe(303);
    for (const answer of [draft, review]) postIds.push((answer.location ?? '').split('/').at(-1) ?? '');
  }, 90_000);
  afterAll(async () => {
    await server?.close();
  });

  it('shows no raw enum value and no internal id as text on any page', async () => {
    const pages = [
      '/app',
      '/app/compose',
      '/app/calendar',
      '/app/calendar/week',
      '/app/posts',
      '/app/posts?status=failed',
      '/app/approvals',
      '/app/deleted',
      '/app/media',
      '/app/connections',
      '/app/automations',
      '/app/analytics',
      '/app/keys',
      '/app/agents',
      '/app/webhooks',
      '/app/billing',
      '/app/account',
      ...postIds.map((id) => `/app/posts/${id}`),
    ];
    const found: Record<string, string[]> = {};
    for (const path of pages) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      const raw = rawWordsIn(visibleText(page.text));
      if (raw.length > 0) found[path] = raw;
    }
    expect(found).toEqual({});
  });

  it('names TikTok privacy choices, says when figures appear, and says a past time in the zone', async () => {
    const compose = await get('/app/compose');
    expect(compose.text).toContain('>Only me</option>');
    expect(compose.text).not.toContain('>SELF_ONLY<');
    const analytics = visibleText((await get('/app/analytics')).text);
    expect(analytics).toContain('Figures are first read an hour after a post is published');
    const past = await post('/app/compose', {
      action: 'schedule',
      caption: 'Too late',
      account: accounts.threads ?? '',
      time: '2020-11-01T14:30',
    });
    expect(past.status).toBe(400);
    expect(visibleText(past.text)).toContain(
      'That time has passed (Sun 1 Nov, 14:30 New York time). Pick a later time.',
    );
    const media = visibleText((await get('/app/media')).text);
    expect(media).toContain('A sunny harbour');
  });

  it('words every tool description without raw enum values', async () => {
    const res = await fetch(`${server.url}/api/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        Accept: 'application/json, text/event-stream',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const { result } = (await res.json()) as { result: { tools: { name: string; description: string }[] } };
    expect(result.tools.length).toBeGreaterThan(15);
    const found: Record<string, string[]> = {};
    for (const tool of result.tools) {
      // Error codes are the tools' machine contract (an agent branches on them); names are not.
      const raw = rawWordsIn(tool.description).filter((w) => !(ERROR_CODES as readonly string[]).includes(w));
      if (raw.length > 0) found[tool.name] = raw;
    }
    expect(found).toEqual({});
  });
});
