import {
  accountEvent,
  type ConnectedAccount,
  markedNeedsReconnect,
  mediaReadyEvent,
  type Post,
  type PostingOptions,
  scheduledEvents,
  transition,
  type User,
} from '@svc/core';
import {
  aMediaAsset,
  anAccount,
  aPost,
  createRecordingPlatformGateway,
  type RecordingPlatformGateway,
} from '@svc/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type ConsoleApp, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';
const MINUTE = 60_000;
const DAY = 86_400_000;
const CAPTION = 'Hello from the shop: the spring collection is in, with forty new pieces to see';

describe('the overview and connections pages', () => {
  let app: ConsoleApp;
  afterEach(() => app.close());

  const signedIn = async (user: User) => {
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    return browser;
  };
  const connect = async (account: ConnectedAccount) =>
    app.t.store.accounts.saveAccount(account, [
      accountEvent('account.connected', account, app.t.clock.now()),
    ]);
  const schedule = async (post: Post) => {
    const outcome = await app.t.store.posts.insertPosts({
      ownerId: post.ownerId,
      at: app.t.clock.now(),
      posts: [post],
      idempotency: null,
      quota: { limit: 1000, windowStart: new Date(0) },
      events: scheduledEvents([post], app.t.clock.now()),
    });
    expect(outcome.kind).toBe('inserted');
  };
  // As the publisher does: claim the due post, then record it published with its permalink.
  const publish = async (postId: string, permalink: string, warning?: string) => {
    const now = app.t.clock.now();
    const [claimed] = await app.t.store.posts.claimDuePosts({
      now,
      limit: 1,
      leaseOwner: 'test',
      leaseUntil: new Date(now.getTime() + MINUTE),
    });
    if (claimed?.id !== postId) throw new Error(`${postId} was not claimed`);
    const done = transition(claimed, {
      type: 'succeed',
      at: now,
      leaseOwner: 'test',
      platformPostId: 'pp_1',
      permalink,
      ...(warning === undefined ? {} : { warning }),
    })._unsafeUnwrap();
    await app.t.store.posts.updatePost(done.post, claimed.version, done.events);
  };
  const addPhoto = async (ownerId: string) => {
    const asset = aMediaAsset(ownerId, { contentType: 'image/jpeg' });
    await app.t.store.media.addMediaAsset(asset, {
      storageLimitBytes: 1e12,
      sourceUrl: null,
      events: [mediaReadyEvent(asset, app.t.clock.now())],
    });
  };
  const activityOf = (text: string) => /<ul class="activity">([\s\S]*?)<\/ul>/.exec(text)?.[1] ?? '';
  const attentionOf = (text: string) =>
    /<h2>Needs attention<\/h2>\s*<ul>([\s\S]*?)<\/ul>\s*<h2>/.exec(text)?.[1] ?? '';

  it('lists accounts to reconnect and tokens about to lapse under what needs attention, each with a reconnect form', async () => {
    // TikTok's tokens live a day and are renewed when used (a 10-minute margin): not worth a word.
    const tiktok = Object.assign(createRecordingPlatformGateway('tiktok'), { refreshMarginMs: 10 * MINUTE });
    app = await startConsoleApp({
      platforms: { instagram: createRecordingPlatformGateway('instagram'), tiktok },
    });
    const user = await app.user();
    const now = app.t.clock.now().getTime();
    await app.t.store.accounts.saveAccount(
      anAccount(user.id, { handle: 'stale_shop', needsReconnect: true }),
    );
    const lapsing = new Date(now + 3 * DAY);
    await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'facebook', handle: 'soon_page', tokenExpiresAt: lapsing }),
    );
    await app.t.store.accounts.saveAccount(
      anAccount(user.id, { handle: 'fine_shop', tokenExpiresAt: new Date(now + 30 * DAY) }),
    );
    await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'tiktok', handle: 'daily_tok', tokenExpiresAt: new Date(now + DAY) }),
    );
    const other = await app.user();
    await app.t.store.accounts.saveAccount(anAccount(other.id, { handle: 'not_mine', needsReconnect: true }));

    const browser = await signedIn(user);
    const page = await browser.get('/app');
    expect(page.status).toBe(200);
    const attention = attentionOf(page.text);
    expect(attention).toContain('<span class="status status-failed">Needs reconnecting</span>');
    expect(attention).toMatch(
      /<a href="\/app\/connections">@stale_shop<\/a> on Instagram: Instagram no longer accepts the access[^<]*<form class="inline" method="post" action="\/app\/connections"><input type="hidden" name="_csrf" value="[^"]+"><input type="hidden" name="platform" value="instagram"><button type="submit" class="small">Reconnect<span class="skip"> @stale_shop on Instagram<\/span><\/button><\/form>/,
    );
    expect(attention).toContain('<span class="status status-draft">Access lapses</span>');
    expect(attention).toContain(
      `@soon_page</a> on Facebook: the access lapses at <time datetime="${lapsing.toISOString()}">`,
    );
    expect(attention).toContain('<input type="hidden" name="platform" value="facebook">');
    for (const quiet of ['fine_shop', 'daily_tok', 'not_mine']) expect(attention).not.toContain(quiet);

    // The form is the Connections page's: it starts a connection at the platform's consent page.
    const started = await browser.post('/app/connections', { platform: 'instagram' });
    expect(started.status).toBe(303);
    expect(started.headers.get('location')).toMatch(/^\/connect\/conn_\w+\?from=console$/);
  });

  it("shows the person's last 10 events newest first as sentences with their times and links, and nobody else's", async () => {
    app = await startConsoleApp();
    const user = await app.user();
    const other = await app.user();
    const threads = anAccount(user.id, { platform: 'threads', handle: 'ann_shop' });
    await connect(threads);
    app.t.clock.advance(MINUTE);
    const post = aPost(user.id, threads.id, {
      id: 'post_hello',
      platforms: ['threads'],
      caption: CAPTION,
      scheduledTime: new Date(app.t.clock.now().getTime() + 30 * MINUTE),
      dueAt: new Date(app.t.clock.now().getTime() + 30 * MINUTE),
    });
    await schedule(post);
    app.t.clock.advance(MINUTE);
    await addPhoto(user.id);
    app.t.clock.advance(30 * MINUTE);
    await publish('post_hello', 'https://threads.example/p/1');
    app.t.clock.advance(MINUTE);
    const refused = markedNeedsReconnect(threads, app.t.clock.now());
    await app.t.store.accounts.saveAccount(refused.account, refused.events);
    // Someone else's account and post, in between and after.
    const bob = anAccount(other.id, { platform: 'threads', handle: 'bob_shop' });
    await connect(bob);
    await schedule(aPost(other.id, bob.id, { id: 'post_bob', platforms: ['threads'], caption: 'Bob plans' }));

    const page = await (await signedIn(user)).get('/app');
    const items = [...activityOf(page.text).matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1] ?? '');
    const quoted = `Post “${Array.from(CAPTION).slice(0, 49).join('')}…”`;
    expect(
      items.map((item) => item.replace(/<[^>]+>/g, '').replace(/\s+\d{4}-\d\d-\d\d \d\d:\d\d UTC$/, '')),
    ).toEqual([
      // Written here without an actor: the service's own, as the publisher's are.
      '@ann_shop on Threads needs reconnecting by the service',
      `${quoted} was published on Threads by the service (see it on Threads)`,
      `${quoted} started publishing on Threads by the service`,
      'A photo was added to the library by the service',
      `${quoted} was scheduled on Threads for 2026-01-15 12:31 UTC by the service`,
      '@ann_shop on Threads was connected by the service',
    ]);
    expect(items[0]).toContain('<a href="/app/connections">@ann_shop on Threads needs reconnecting</a>');
    expect(items[1]).toContain(`<a href="/app/posts/post_hello">${quoted} was published on Threads</a>`);
    expect(items[1]).toContain('(<a href="https://threads.example/p/1">see it on Threads</a>)');
    expect(items[3]).toContain('<a href="/app/media">');
    expect(items[5]).toContain(
      `<span class="muted"><time datetime="2026-01-15T12:00:00.000Z">2026-01-15 12:00 UTC</time></span>`,
    );
    expect(page.text).not.toContain('bob_shop');
    expect(page.text).not.toContain('Bob plans');

    // Bob sees his own, and a long history shows only the last 10.
    const bobs = activityOf((await (await signedIn(other)).get('/app')).text);
    expect(bobs).toContain('Post “Bob plans” was scheduled on Threads');
    expect(bobs).not.toContain('ann_shop');
    for (let i = 0; i < 5; i += 1) await addPhoto(user.id);
    const longer = activityOf((await (await signedIn(user)).get('/app')).text);
    expect(longer.match(/<li>/g)).toHaveLength(10);
    expect(longer).toContain('was scheduled on Threads');
    expect(longer).not.toContain('was connected');
  });

  it('links a deleted post to Deleted, and says when nothing has happened yet', async () => {
    app = await startConsoleApp();
    const user = await app.user();
    const browser = await signedIn(user);
    expect((await browser.get('/app')).text).toContain('Nothing has happened yet.');
    const post = aPost(user.id, 'acct_1', { id: 'post_gone', caption: '' });
    await schedule(post);
    // Deleted through the console's own form: the journal names the signed-in member.
    await browser.get('/app/posts/post_gone');
    await browser.post('/app/posts/post_gone/delete', {});
    const activity = activityOf((await browser.get('/app')).text);
    expect(activity).toContain(
      `<a href="/app/deleted">A post without a caption was deleted</a> by <span class="actor">${user.email}</span>`,
    );
    expect(activity).not.toContain('/app/posts/post_gone');
  });

  it("explains Google's audit for YouTube channels, naming a channel whose posts were locked to private, and shows the warning on the post", async () => {
    app = await startConsoleApp();
    const user = await app.user();
    const browser = await signedIn(user);
    await connect(anAccount(user.id, { platform: 'instagram', handle: 'pics' }));
    expect((await browser.get('/app/connections')).text).not.toContain('youtube-audit');

    const channel = anAccount(user.id, { platform: 'youtube', handle: 'cy_channel' });
    await connect(channel);
    const calm = await browser.get('/app/connections');
    expect(calm.text).toContain('<section class="card" id="youtube-audit"');
    expect(calm.text).toContain(
      '<a href="https://support.google.com/youtube/contact/yt_api_form">YouTube API Services audit and quota extension form</a>',
    );
    expect(calm.text).not.toContain('otherwise than asked');

    const warning = 'YouTube published the video as private, not public as asked. Apply for the audit.';
    const post = aPost(user.id, channel.id, {
      platforms: ['youtube'],
      caption: 'A Short',
      title: 'Short',
      scheduledTime: app.t.clock.now(),
      dueAt: app.t.clock.now(),
    });
    await schedule(post);
    await publish(post.id, 'https://www.youtube.com/shorts/v1', warning);
    const locked = await browser.get('/app/connections');
    expect(locked.text).toContain('<section class="card platform-warning" id="youtube-audit"');
    expect(locked.text).toContain(
      `<strong>@cy_channel</strong>: YouTube published a recent post otherwise than asked: <a href="/app/posts/${post.id}">A Short</a>.`,
    );
    const page = await browser.get(`/app/posts/${post.id}`);
    expect(page.text).toContain(
      `<h2 id="warning-heading">Published, but not as asked</h2>\n<p>${warning}</p>`,
    );
    expect(page.text).toContain('href="/app/connections#youtube-audit"');
    // The list gives the first sentence; the post's page has it all.
    expect((await browser.get('/app/posts')).text).toContain(
      '<div class="warning-text">YouTube published the video as private, not public as asked.</div>',
    );
  });

  it("shows each TikTok account's posting options read live, and a short message when they cannot be read", async () => {
    const tiktok: RecordingPlatformGateway = createRecordingPlatformGateway('tiktok');
    app = await startConsoleApp({ platforms: { tiktok } });
    const user = await app.user();
    const sealed = app.t.deps.secretBox.seal(JSON.stringify({ accessToken: 'tok-1' }));
    await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'tiktok', handle: 'dance_tok', sealedCredentials: sealed }),
    );
    await app.t.store.accounts.saveAccount(anAccount(user.id, { platform: 'instagram', handle: 'pics' }));
    const restricted: PostingOptions = {
      privacyLevels: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
      commentDisabled: false,
      duetDisabled: true,
      stitchDisabled: true,
      maxVideoDurationSec: 180,
      creator: { username: 'dance_tok', nickname: 'Dance', avatarUrl: null },
    };
    tiktok.scriptPostingOptions({ kind: 'options', options: restricted });
    const browser = await signedIn(user);
    const page = await browser.get('/app/connections');
    expect(page.status).toBe(200);
    expect(tiktok.postingOptionsCalls).toEqual([{ accessToken: 'tok-1' }]);
    const cell = (text: string, handle: string) =>
      new RegExp(`@${handle}</a>[\\s\\S]*?<td data-label="Posting">([\\s\\S]*?)</td>`).exec(text)?.[1] ?? '';
    expect(cell(page.text, 'dance_tok')).toBe(
      '<p>Who can see posts: Followers or Only me.</p>' +
        '<p>Comments can be turned off for each post.</p>' +
        '<p>Duets and stitches are off in the TikTok app, so posts keep them off.</p>' +
        '<p>Videos up to 3 min.</p>' +
        `<p class="muted">Read from TikTok at <time datetime="${app.t.clock.now().toISOString()}">2026-01-15 12:00 UTC</time>.</p>`,
    );
    // Other platforms: what their rules say, in one line.
    expect(cell(page.text, 'pics')).toBe(
      '<p class="muted">Caption up to 2,200 characters; posts: photo, carousel, reel, up to 10 slides; images: JPEG up to 8 MB; videos: MP4 or MOV, 3 s to 15 min.</p>',
    );

    // A minute on (the options are kept that long), TikTok is away: the page still opens.
    app.t.clock.advance(MINUTE + 1);
    tiktok.scriptPostingOptions({ kind: 'unavailable', reason: 'timeout' });
    const away = await browser.get('/app/connections');
    expect(away.status).toBe(200);
    expect(cell(away.text, 'dance_tok')).toBe(
      '<p>The posting options could not be read from TikTok right now. Reload the page in a minute.</p>',
    );
    // Tokens that do not open fail the read itself: the page still opens, with the same message.
    await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'tiktok', handle: 'broken_tok', sealedCredentials: 'not-sealed' }),
    );
    const broken = await browser.get('/app/connections');
    expect(broken.status).toBe(200);
    expect(cell(broken.text, 'broken_tok')).toBe(
      '<p>The posting options could not be read from TikTok right now. Reload the page in a minute.</p>',
    );
    expect(cell(broken.text, 'dance_tok')).toContain(
      'Who can see posts: Everyone, Friends, Followers or Only me.',
    );
    // An account TikTok refused: reconnecting comes first.
    await app.t.store.accounts.saveAccount(
      anAccount(user.id, {
        platform: 'tiktok',
        handle: 'gone_tok',
        sealedCredentials: sealed,
        needsReconnect: true,
      }),
    );
    expect(cell((await browser.get('/app/connections')).text, 'gone_tok')).toBe(
      '<p>TikTok no longer accepts the access to this account: reconnect it to read its posting options.</p>',
    );
  });

  it('shows the platform set-up: who serves each platform, what it asks for, and the offline findings', async () => {
    app = await startConsoleApp({
      platformSetup: {
        baseUrl: 'http://svc.example',
        sandbox: true,
        features: { analytics: true, commentAutomations: false, privateReplies: false, businessPages: false },
        credentials: { facebook: { clientId: 'fb', clientSecret: 'never shown' } },
        metaGraphVersion: 'v23.0',
        facebookConfigId: null,
        tiktokVerifiedMediaPrefix: null,
        mediaUrlPrefix: 'http://svc.example/media/',
      },
    });
    const page = await (await signedIn(await app.user())).get('/app/connections');
    expect(page.status).toBe(200);
    const section =
      /<section class="card"><h2>Platform set-up<\/h2>[\s\S]*?<\/section>/.exec(page.text)?.[0] ?? '';
    expect(section).toContain('<td>Instagram<div class="muted">the built-in sandbox</div></td>');
    expect(section).toContain(
      '<code>instagram_business_manage_insights</code> <span class="muted">analytics</span>',
    );
    // Comment automations are off: their scopes are not asked.
    expect(section).not.toContain('<code>instagram_business_manage_comments</code>');
    // Facebook is live on a plain-http public address: the redirect URI finding fails.
    expect(section).toMatch(
      /<td>Facebook<div class="muted">the real platform<\/div><\/td>[\s\S]*?Needs the operator/,
    );
    expect(section).toContain('svc platforms check');
    expect(page.text).not.toContain('never shown');
  });
});
