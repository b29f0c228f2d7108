import { createWorkspace, OPERATOR, removeMember, type User } from '@svc/core';
import { anAccount } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgentAccess } from '../src/index.js';
import { createTestBrowser, formAction, inputValue } from './browser.js';
import {
  authorizeUrl,
  CALLBACK,
  callTool,
  codeRequest,
  pkcePair,
  registeredClient,
  tokenRequest,
} from './oauth-requests.js';
import { type OAuthTestApp, startOAuthTestApp } from './oauth-test-app.js';

// The consent page chooses the workspace an agent acts in (docs/agents.md): the grant is bound to
// it and to the person who consented, the token acts there with their role, and removing them
// from the workspace ends it.
const PASSWORD = 'correct horse battery staple';

let app: OAuthTestApp;
let ann: User;
let teamId: string;
let teamAccount: string;
let ownAccount: string;
let clientId: string;

beforeEach(async () => {
  app = await startOAuthTestApp();
  ann = await app.user(PASSWORD);
  const bob = await app.user();
  const team = await createWorkspace(app.core, { ownerUserId: bob.id, name: 'Bakery team' });
  teamId = team._unsafeUnwrap().workspace.id;
  const now = new Date();
  await app.store.workspaces.insertMember({
    workspaceId: teamId,
    userId: ann.id,
    role: 'editor',
    accountIds: null,
    createdAt: now,
    updatedAt: now,
  });
  teamAccount = (await app.store.accounts.saveAccount(anAccount(teamId, { handle: 'bakery' }))).id;
  ownAccount = (await app.store.accounts.saveAccount(anAccount(ann.id, { handle: 'ann_own' }))).id;
  clientId = await registeredClient(app);
});
afterEach(async () => {
  await app.close();
});

/** Signs in, chooses `workspace` on the consent page and allows; the consent page and the tokens. */
async function consentIn(workspace: string) {
  const { verifier, challenge } = pkcePair();
  const browser = createTestBrowser(app.baseUrl);
  const signIn = await browser.open(authorizeUrl(app, codeRequest(clientId, challenge)));
  const consent = await browser.submit(formAction(signIn.html), {
    csrf: inputValue(signIn.html, 'csrf'),
    step: 'sign-in',
    email: ann.email,
    password: PASSWORD,
  });
  const answered = await browser.submit(formAction(consent.html), {
    csrf: inputValue(consent.html, 'csrf'),
    step: 'consent',
    decision: 'allow',
    workspace,
  });
  const code = answered.redirectedTo?.searchParams.get('code') ?? null;
  if (code === null) return { consent, answered, token: null };
  const tokens = await tokenRequest(app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: CALLBACK,
    client_id: clientId,
    code_verifier: verifier,
  });
  expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
  return { consent, answered, token: String(tokens.body.access_token) };
}

async function profilesOf(token: string): Promise<string[]> {
  const response = await callTool(app, token, 'svc_list_profiles');
  expect(response.status).toBe(200);
  const body = (await response.json()) as { result: { structuredContent: { profiles: { id: string }[] } } };
  return body.result.structuredContent.profiles.map((p) => p.id);
}

describe('choosing the workspace on the consent page', () => {
  it('lists the person’s workspaces, personal first and chosen, each with their role', async () => {
    const { consent } = await consentIn(ann.id);
    const select = /<select id="workspace" name="workspace">(.*?)<\/select>/s.exec(consent.html)?.[1] ?? '';
    expect(select).toBe(
      `<option value="${ann.id}" selected>${ann.email} (personal)</option><option value="${teamId}">Bakery team (editor)</option>`,
    );
    expect(consent.html).toContain('<label for="workspace">Act in the workspace</label>');
  });

  it('binds the grant to the team workspace: the token acts there, and the Agents list says so', async () => {
    const { token } = await consentIn(teamId);
    expect(await profilesOf(token ?? '')).toEqual([teamAccount]);
    const [agent] = await createAgentAccess(app.store.oauth, app.core.clock).list(ann.id);
    expect(agent?.workspaceId).toBe(teamId);
  });

  it('keeps acting in the personal workspace by default', async () => {
    const { token } = await consentIn(ann.id);
    expect(await profilesOf(token ?? '')).toEqual([ownAccount]);
  });

  it('refuses a workspace the person is not a member of, and issues nothing', async () => {
    const stranger = await app.user();
    const { answered, token } = await consentIn(stranger.id);
    expect(answered.status).toBe(403);
    expect(answered.html).toContain('Choose one of your workspaces.');
    expect(token).toBeNull();
    expect(await app.store.oauth.listByAccount('Grant', ann.id)).toEqual([]);
  });

  it('acts with the member’s role: a viewer’s token reads but cannot schedule', async () => {
    await app.store.workspaces.updateMember(teamId, ann.id, { role: 'viewer', accountIds: null }, new Date());
    const { token } = await consentIn(teamId);
    expect(await profilesOf(token ?? '')).toEqual([teamAccount]);
    const refused = await callTool(app, token ?? '', 'svc_schedule_post', {
      caption: 'Fresh bread',
      profile_ids: [teamAccount],
      scheduled_time: '2031-01-01T09:00:00Z',
    });
    const body = (await refused.json()) as {
      result: { isError?: boolean; structuredContent?: { code?: string } };
    };
    expect(body.result.isError).toBe(true);
    expect(JSON.stringify(body.result)).toContain('role_not_allowed');
  });

  it('approving the same agent again for another workspace makes a separate approval, with every scope', async () => {
    const browser = createTestBrowser(app.baseUrl);
    const ask = async (scope: string) => {
      const url = authorizeUrl(app, codeRequest(clientId, pkcePair().challenge, { scope }));
      let page = await browser.open(url);
      if (page.html.includes('<h1>Sign in</h1>')) {
        page = await browser.submit(formAction(page.html), {
          csrf: inputValue(page.html, 'csrf'),
          step: 'sign-in',
          email: ann.email,
          password: PASSWORD,
        });
      }
      return page;
    };
    const first = await ask('mcp:read');
    await browser.submit(formAction(first.html), {
      csrf: inputValue(first.html, 'csrf'),
      step: 'consent',
      decision: 'allow',
      workspace: ann.id,
    });
    // The same browser asks for more: the consent page again, now chosen for the team.
    const second = await ask('mcp:read mcp:write');
    expect(second.html).toContain('<h1>Allow access?</h1>');
    const answered = await browser.submit(formAction(second.html), {
      csrf: inputValue(second.html, 'csrf'),
      step: 'consent',
      decision: 'allow',
      workspace: teamId,
    });
    expect(answered.redirectedTo?.searchParams.get('code')).toEqual(expect.any(String));
    const agents = await createAgentAccess(app.store.oauth, app.core.clock).list(ann.id);
    expect(agents.map((a) => [a.workspaceId, a.scopes.filter((s) => s.startsWith('mcp:'))])).toEqual(
      expect.arrayContaining([
        [ann.id, ['mcp:read']],
        [teamId, ['mcp:read', 'mcp:write']],
      ]),
    );
    expect(agents).toHaveLength(2);
  });

  it('refuses the token once the person is no longer a member, and revokes the grant', async () => {
    const { token } = await consentIn(teamId);
    // Only the membership goes first, as a crash right after it would leave things.
    await app.store.workspaces.removeMember(teamId, ann.id);
    const refused = await callTool(app, token ?? '', 'svc_list_profiles');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    // Back as a member, the grant would act again; removing through core revokes it for good.
    await app.store.workspaces.insertMember({
      workspaceId: teamId,
      userId: ann.id,
      role: 'editor',
      accountIds: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    expect(await profilesOf(token ?? '')).toEqual([teamAccount]);
    (await removeMember(app.core, OPERATOR, { workspaceId: teamId, userId: ann.id }))._unsafeUnwrap();
    expect(await app.store.oauth.listByAccount('Grant', ann.id)).toEqual([]);
    expect((await callTool(app, token ?? '', 'svc_list_profiles')).status).toBe(401);
  });
});
