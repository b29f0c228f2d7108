import { deliverWebhook, type User } from '@svc/core';
import { createStandardWebhookSigner } from '@svc/core/node';
import { anAccount } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsoleApp, type ConsoleClient, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';
const SECRET = /whsec_[A-Za-z0-9+/]+=*/g;

// The test clock reads 2026-01-15T12:00Z.
describe('the Webhooks pages', () => {
  let app: ConsoleApp;
  let user: User;
  let browser: ConsoleClient;
  beforeEach(async () => {
    app = await startConsoleApp();
    user = await app.user();
    browser = app.client();
    await browser.signIn(user.email, PASSWORD);
  });
  afterEach(() => app.close());

  /** Adds a webhook through the form; its id and the secret shown. */
  const add = async (fields: Record<string, string | string[]> = {}) => {
    await browser.get('/app/webhooks');
    const page = await browser.post('/app/webhooks', {
      url: 'https://hooks.example.com/svc',
      event: ['post.published', 'post.failed'],
      ...fields,
    });
    expect(page.status, page.text.match(/role="alert">[^<]*/)?.[0]).toBe(201);
    const [subscription] = await app.t.store.webhooks.listSubscriptions(user.id);
    const secrets = page.text.match(SECRET) ?? [];
    return { page, id: subscription?.id ?? '', secret: secrets[0] ?? '', secrets };
  };

  /** What a delivery worker does: claims what is due and sends it through the scripted sender. */
  const deliverDue = async () => {
    const claimed = await app.t.store.webhooks.claimDeliveries({
      now: app.t.clock.now(),
      leaseOwner: 'test-worker',
      leaseUntil: new Date(app.t.clock.now().getTime() + 60_000),
      limit: 10,
      perSubscription: 10,
    });
    const deps = {
      ...app.t.deps,
      webhookSender: app.webhookSender,
      webhookSigner: createStandardWebhookSigner(),
    };
    for (const one of claimed) await deliverWebhook(deps, one, 'test-worker');
    return claimed;
  };

  it('is in the navigation after Agents, and lists the events to choose without ping', async () => {
    const page = await browser.get('/app/webhooks');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(
      /<a href="\/app\/agents">Agents<\/a><\/li><li><a href="\/app\/webhooks" aria-current="page">Webhooks<\/a>/,
    );
    expect(page.text).toContain('<legend>Events to send (choose at least one)</legend>');
    expect(page.text).toContain('name="event" value="post.published"');
    expect(page.text).toContain('name="event" value="account.token_expiring"');
    expect(page.text).not.toContain('value="ping"');
    expect(page.text).toContain('No webhook yet.');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.text).not.toMatch(/<script>|style="/);
  });

  it('adds a webhook and shows its secret once, never on the list or its page', async () => {
    const threads = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'threads', handle: 'studio' }),
    );
    const form = await browser.get('/app/webhooks');
    expect(form.text).toContain('<legend>Only these accounts (none checked: all accounts)</legend>');
    expect(form.text).toContain('Threads @studio');
    const { page, id, secret, secrets } = await add({ description: 'Slack relay', account: threads.id });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secrets).toEqual([secret]);
    expect(page.headers.get('location')).toBeNull();
    expect(page.text).toContain(`<p class="secret" id="new-secret-value">${secret}</p>`);
    expect(page.text).toContain('data-copy="new-secret-value"');
    // The form is blank again, and the list under it has the new webhook.
    expect(page.text).toContain('id="webhook-url" name="url" type="url" required');
    expect(page.text).not.toContain('value="https://hooks.example.com/svc"');
    expect(page.text).toContain(
      `<a class="url" href="/app/webhooks/${id}">https://hooks.example.com/svc</a>`,
    );
    const stored = await app.t.store.webhooks.getSubscription(user.id, id);
    expect(stored).toMatchObject({
      url: 'https://hooks.example.com/svc',
      events: ['post.published', 'post.failed'],
      description: 'Slack relay',
      accountIds: [threads.id],
      enabled: true,
    });
    expect(stored?.sealedSecret).not.toContain(secret);
    const list = await browser.get('/app/webhooks');
    expect(list.text).toContain('Slack relay');
    expect(list.text).toContain('data-label="Accounts"><div>Threads @studio</div>');
    expect(list.text).toMatch(/data-label="State"><span class="status status-delivered">Enabled<\/span>/);
    expect(list.text).not.toMatch(SECRET);
    const details = await browser.get(`/app/webhooks/${id}`);
    expect(details.status).toBe(200);
    expect(details.text).toContain('<h1>Webhook: Slack relay</h1>');
    expect(details.text).toContain('<dd class="url">https://hooks.example.com/svc</dd>');
    expect(details.text).toContain(
      '<code>post.published</code> <span class="muted">a post is published</span>',
    );
    expect(details.text).toContain('Nothing was sent yet.');
    expect(details.text).not.toMatch(SECRET);
  });

  it('hears every account when none is checked', async () => {
    const { id } = await add();
    expect((await app.t.store.webhooks.getSubscription(user.id, id))?.accountIds).toBeNull();
    expect((await browser.get(`/app/webhooks/${id}`)).text).toContain(
      '<h1>Webhook to hooks.example.com</h1>',
    );
    expect((await browser.get('/app/webhooks')).text).toContain('data-label="Accounts">all accounts</td>');
  });

  it('refuses a URL the sender refuses, and no event, showing the form again as typed', async () => {
    app.webhookSender.refusedUrls.set('https://10.0.0.1/hook', 'the address is not public');
    await browser.get('/app/webhooks');
    const badUrl = await browser.post('/app/webhooks', {
      url: 'https://10.0.0.1/hook',
      event: 'post.scheduled',
      description: 'Internal <relay>',
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.text).toContain(
      '<p role="alert">Not added: The webhook URL cannot be used: the address is not public</p>',
    );
    expect(badUrl.text).toContain('value="https://10.0.0.1/hook"');
    expect(badUrl.text).toContain('value="Internal &#60;relay&#62;"');
    expect(badUrl.text).toContain('name="event" value="post.scheduled" checked');
    expect(badUrl.text).not.toContain('name="event" value="post.published" checked');
    expect(badUrl.text).not.toMatch(SECRET);
    const noEvent = await browser.post('/app/webhooks', { url: 'https://hooks.example.com/svc' });
    expect(noEvent.status).toBe(400);
    expect(noEvent.text).toContain(
      '<p role="alert">Not added: choose at least one event to send to the endpoint.</p>',
    );
    expect(noEvent.text).toContain('value="https://hooks.example.com/svc"');
    // A value the form never offers counts as none.
    const onlyPing = await browser.post('/app/webhooks', {
      url: 'https://hooks.example.com/svc',
      event: 'ping',
    });
    expect(onlyPing.status).toBe(400);
    expect(await app.t.store.webhooks.listSubscriptions(user.id)).toEqual([]);
  });

  it('disables and enables a webhook, and shows why the service disabled one', async () => {
    const { id } = await add();
    const page = await browser.get(`/app/webhooks/${id}`);
    expect(page.text).toContain(
      'aria-label="Disable the webhook https://hooks.example.com/svc">Disable</button>',
    );
    const disabled = await browser.post(`/app/webhooks/${id}/disable`, {});
    expect([disabled.status, disabled.headers.get('location')]).toEqual([
      303,
      `/app/webhooks/${id}?done=disabled`,
    ]);
    expect((await app.t.store.webhooks.getSubscription(user.id, id))?.enabled).toBe(false);
    const after = await browser.get(`/app/webhooks/${id}?done=disabled`);
    expect(after.text).toContain('<p role="status">The webhook is disabled');
    expect(after.text).toContain('Disabled</span> <span class="muted">by you since <time');
    expect(after.text).toContain('>Enable</button>');
    const enabled = await browser.post(`/app/webhooks/${id}/enable`, {});
    expect(enabled.headers.get('location')).toBe(`/app/webhooks/${id}?done=enabled`);
    expect((await app.t.store.webhooks.getSubscription(user.id, id))?.enabled).toBe(true);

    // The service disables an endpoint that kept failing, and says why.
    await app.t.store.webhooks.updateSubscription(user.id, id, {
      updatedAt: app.t.clock.now(),
      enabled: false,
      disabledReason: 'The endpoint failed for 3 days.',
      disabledAt: app.t.clock.now(),
      failingSince: new Date('2026-01-12T08:00:00.000Z'),
    });
    const list = await browser.get('/app/webhooks');
    expect(list.text).toContain('by the service since');
    expect(list.text).toContain(': The endpoint failed for 3 days.</span>');
    expect(list.text).toContain(
      'data-label="Failing since"><time datetime="2026-01-12T08:00:00.000Z">2026-01-12 08:00 UTC</time>',
    );
    await browser.get(`/app/webhooks/${id}`);
    await browser.post(`/app/webhooks/${id}/enable`, {});
    expect(await app.t.store.webhooks.getSubscription(user.id, id)).toMatchObject({
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
  });

  it('rotates the secret: a new one shown once, the old one working 24 hours more', async () => {
    const { id, secret } = await add();
    await browser.get(`/app/webhooks/${id}`);
    const rotated = await browser.post(`/app/webhooks/${id}/rotate`, {});
    expect(rotated.status).toBe(200);
    const shown = rotated.text.match(SECRET) ?? [];
    expect(shown).toHaveLength(1);
    expect(shown[0]).not.toBe(secret);
    expect(rotated.text).toContain(`<p class="secret" id="new-secret-value">${shown[0]}</p>`);
    expect(rotated.text).toContain(
      'The old secret keeps working for 24 hours, until <time datetime="2026-01-16T12:00:00.000Z">',
    );
    const stored = await app.t.store.webhooks.getSubscription(user.id, id);
    expect(app.t.deps.secretBox.open(stored?.sealedSecret ?? '')).toBe(shown[0]);
    expect(app.t.deps.secretBox.open(stored?.previousSealedSecret ?? '')).toBe(secret);
    const details = await browser.get(`/app/webhooks/${id}`);
    expect(details.text).toContain('<dt>Old secret works until</dt>');
    expect(details.text).not.toMatch(SECRET);
    expect((await browser.get('/app/webhooks')).text).not.toMatch(SECRET);
  });

  it('sends a test event, shows its attempts escaped in the person’s zone, and redelivers', async () => {
    const { id } = await add();
    await browser.get('/app/account');
    await browser.post('/app/account/time-zone', { timeZone: 'Europe/Paris' });
    await browser.get(`/app/webhooks/${id}`);
    const tested = await browser.post(`/app/webhooks/${id}/test`, {});
    expect([tested.status, tested.headers.get('location')]).toEqual([303, `/app/webhooks/${id}?done=tested`]);
    expect((await browser.get(`/app/webhooks/${id}?done=tested`)).text).toContain(
      '<p role="status">A test event (ping) is queued',
    );
    expect(await app.t.store.webhooks.pendingCount()).toBe(1);
    app.webhookSender.answerWith(() => ({
      kind: 'answered',
      status: 500,
      retryAfterMs: null,
      excerpt: '<b>down</b> & out',
      durationMs: 42,
    }));
    const [claimed] = await deliverDue();
    expect(claimed?.message.eventType).toBe('ping');
    expect(app.webhookSender.sent[0]?.url).toBe('https://hooks.example.com/svc');
    const deliveryId = claimed?.delivery.id ?? '';

    const page = await browser.get(`/app/webhooks/${id}`);
    expect(page.text).toContain('<th scope="col">Status code</th>');
    expect(page.text).toContain('<td><code>ping</code></td>');
    expect(page.text).toContain(
      'data-label="Sent"><time datetime="2026-01-15T12:00:00.000Z">2026-01-15 13:00 CET</time>',
    );
    expect(page.text).toContain('data-label="Status code">500</td>');
    expect(page.text).toContain(
      '<span class="status status-failed">Failed</span> <span class="muted">attempt 1</span>',
    );
    expect(page.text).toContain('data-label="Duration">42 ms</td>');
    expect(page.text).toContain('<pre class="excerpt">&#60;b&#62;down&#60;/b&#62; &#38; out</pre>');
    expect(page.text).not.toContain('<b>down</b>');
    expect(page.text).toContain('<dt>Failing since</dt><dd><time datetime="2026-01-15T12:00:00.000Z">');
    expect(page.text).toContain(
      '<button type="submit" aria-label="Send a test event to https://hooks.example.com/svc">',
    );
    expect(page.text).toContain(`action="/app/webhooks/${id}/deliveries/${deliveryId}/redeliver"`);
    expect(page.text).toContain(
      'aria-label="Redeliver the ping event sent 2026-01-15 13:00 CET">Redeliver</button>',
    );

    // The retry waits; a redelivery is due at once, with the same message.
    app.webhookSender.answerWith(() => ({
      kind: 'answered',
      status: 204,
      retryAfterMs: null,
      excerpt: '',
      durationMs: 5,
    }));
    const again = await browser.post(`/app/webhooks/${id}/deliveries/${deliveryId}/redeliver`, {});
    expect([again.status, again.headers.get('location')]).toEqual([
      303,
      `/app/webhooks/${id}?done=redelivered`,
    ]);
    expect(await app.t.store.webhooks.getDelivery(user.id, deliveryId)).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
    expect((await deliverDue()).map((d) => d.message.id)).toEqual([claimed?.message.id]);
    const after = await browser.get(`/app/webhooks/${id}?done=redelivered`);
    expect(after.text).toContain('<p role="status">The delivery is queued again');
    expect(after.text).toContain('<span class="status status-delivered">Delivered</span>');
    // One Redeliver per delivery: on its newest attempt.
    expect(after.text.match(/>Redeliver<\/button>/g)).toHaveLength(1);
    expect(await app.t.store.webhooks.getDelivery(user.id, deliveryId)).toMatchObject({
      status: 'delivered',
    });
    const unknown = await browser.post(`/app/webhooks/${id}/deliveries/dlv_nope/redeliver`, {});
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('There is no such delivery among yours.');
  });

  it('pages the attempts with a cursor, and starts again on a cursor it did not hand out', async () => {
    const { id } = await add();
    await browser.get(`/app/webhooks/${id}`);
    await browser.post(`/app/webhooks/${id}/test`, {});
    app.webhookSender.answerWith(() => ({
      kind: 'answered',
      status: 200,
      retryAfterMs: null,
      excerpt: 'ok',
      durationMs: 1,
    }));
    const [first] = await deliverDue();
    for (let i = 0; i < 24; i++) {
      await app.t.store.webhooks.redeliver(user.id, id, first?.delivery.id ?? '', app.t.clock.now());
      await deliverDue();
    }
    const newest = await browser.get(`/app/webhooks/${id}`);
    expect(newest.text.match(/<td><code>ping<\/code><\/td>/g)).toHaveLength(20);
    const cursor = /href="\/app\/webhooks\/whk_\w+\?cursor=([^"]+)">Older attempts<\/a>/.exec(
      newest.text,
    )?.[1];
    expect(cursor).toBeDefined();
    const older = await browser.get(`/app/webhooks/${id}?cursor=${cursor}`);
    expect(older.text.match(/<td><code>ping<\/code><\/td>/g)).toHaveLength(5);
    expect(older.text).not.toContain('Older attempts');
    expect(older.text).toContain(`<a href="/app/webhooks/${id}">Newest attempts</a>`);
    const edited = await browser.get(`/app/webhooks/${id}?cursor=not-a-cursor`);
    expect(edited.status).toBe(200);
    expect(edited.text.match(/<td><code>ping<\/code><\/td>/g)).toHaveLength(20);
  });

  it('deletes a webhook, then says so', async () => {
    const { id } = await add();
    await browser.get(`/app/webhooks/${id}`);
    const deleted = await browser.post(`/app/webhooks/${id}/delete`, {});
    expect([deleted.status, deleted.headers.get('location')]).toEqual([303, '/app/webhooks?done=deleted']);
    expect(await app.t.store.webhooks.getSubscription(user.id, id)).toBeNull();
    const list = await browser.get('/app/webhooks?done=deleted');
    expect(list.text).toContain('<p role="status">The webhook was deleted');
    expect(list.text).toContain('No webhook yet.');
    expect((await browser.get(`/app/webhooks/${id}`)).status).toBe(404);
  });

  it("answers not found for another person's webhook, and changes nothing of it", async () => {
    const { id } = await add();
    const before = await app.t.store.webhooks.getSubscription(user.id, id);
    const other = await app.user();
    const intruder = app.client();
    await intruder.signIn(other.email, PASSWORD);
    const page = await intruder.get(`/app/webhooks/${id}`);
    expect(page.status).toBe(404);
    expect(page.text).toContain('There is no such webhook among yours.');
    expect(page.text).not.toContain('hooks.example.com');
    expect((await intruder.get('/app/webhooks')).text).toContain('No webhook yet.');
    expect((await intruder.get('/app/webhooks/whk_unknown')).status).toBe(404);
    for (const action of ['test', 'disable', 'enable', 'rotate', 'delete', 'deliveries/dlv_x/redeliver']) {
      const refused = await intruder.post(`/app/webhooks/${id}/${action}`, {});
      expect(refused.status, action).toBe(404);
      expect(refused.text, action).not.toMatch(SECRET);
    }
    expect(await app.t.store.webhooks.getSubscription(user.id, id)).toEqual(before);
    expect(await app.t.store.webhooks.pendingCount()).toBe(0);
  });

  it('refuses a forged form and changes nothing', async () => {
    const { id } = await add();
    const before = await app.t.store.webhooks.getSubscription(user.id, id);
    await browser.get(`/app/webhooks/${id}`);
    for (const action of ['test', 'disable', 'rotate', 'delete']) {
      const forged = await browser.post(`/app/webhooks/${id}/${action}`, { _csrf: 'guessed' });
      expect(forged.status, action).toBe(403);
      expect(forged.text, action).toContain('This form has expired');
    }
    const forgedCreate = await browser.post('/app/webhooks', {
      _csrf: 'guessed',
      url: 'https://other.example.com/',
      event: 'post.published',
    });
    expect(forgedCreate.status).toBe(403);
    const crossSite = await browser.post(
      `/app/webhooks/${id}/delete`,
      {},
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    expect(await app.t.store.webhooks.listSubscriptions(user.id)).toEqual([before]);
    expect(await app.t.store.webhooks.pendingCount()).toBe(0);
  });
});
