import { beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createUser, operatorActor, type User } from '../../identity/index.js';
import { acceptInvitation, acceptInvitationAsNewPerson, openInvitation } from '../../teams/index.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { composeInvitationEmail } from '../invitation-email.js';
import type { Mailer, MailMessage } from '../ports/mailer.js';
import { type InvitationDelivery, invitationUrl, inviteAndDeliver } from './deliver-invitation.js';

// The invitee's side of an invitation (reading it, joining as a new person) and the e-mail that
// carries it (docs/teams.md, "Invitations").

/** A mailer that keeps what it is given and answers as told. */
function recordingMailer(answer: 'sent' | 'refused' = 'sent'): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
      return answer === 'sent' ? { kind: 'sent' } : { kind: 'failed', permanent: true, error: '550 no' };
    },
  };
}

// Stands in for scrypt: these tests are about the invitation, not the hash.
const passwords = { hash: async (p: string) => `hashed:${p}` };

describe('invitation delivery and the invitee', () => {
  let t: TestDeps;
  let ann: User;
  let actor: Actor;
  const delivery = (mailer: Mailer | null): InvitationDelivery => ({
    baseUrl: 'https://svc.example',
    mailer,
    messageIdDomain: 'svc.example',
  });
  const invite = (email: string, mailer: Mailer | null = null, role = 'editor') =>
    inviteAndDeliver(t.deps, delivery(mailer), actor, { email, role });

  beforeEach(async () => {
    t = createTestDeps();
    ann = (await createUser(t.deps, { email: 'ann@example.com', betaTester: false }))._unsafeUnwrap();
    actor = operatorActor(ann);
  });

  it('without a mailer the answer carries the accept link for the inviter, and nothing is sent', async () => {
    const created = (await invite('sam@example.com'))._unsafeUnwrap();
    expect(created.emailed).toBe(false);
    expect(created.url).toBe(`https://svc.example/invite/${created.token}`);
    expect(created.url).toBe(invitationUrl('https://svc.example/', created.token));
  });

  it('with a mailer the invitee is e-mailed the link once, naming the workspace, the inviter and the role', async () => {
    const mailer = recordingMailer();
    const created = (await invite('sam@example.com', mailer, 'contributor'))._unsafeUnwrap();
    expect(created.emailed).toBe(true);
    expect(mailer.sent).toHaveLength(1);
    const [mail] = mailer.sent;
    expect(mail?.to).toBe('sam@example.com');
    expect(mail?.subject).toBe('You are invited to "ann@example.com"');
    expect(mail?.text).toContain(created.url);
    expect(mail?.text).toContain(
      'ann@example.com invited you to the workspace "ann@example.com" as a contributor.',
    );
    expect(mail?.html).toContain(`href="${created.url}"`);
    expect(mail?.messageId).toBe(`<${created.invitation.id}@svc.example>`);
    // The only secret in it is the link's token; the stored hash never leaves.
    expect(JSON.stringify(mail)).not.toContain(created.invitation.tokenHash);
  });

  it('a mail server that refuses leaves the invitation open and tells the inviter to pass the link on', async () => {
    const created = (await invite('sam@example.com', recordingMailer('refused')))._unsafeUnwrap();
    expect(created.emailed).toBe(false);
    expect((await openInvitation(t.deps, created.token))._unsafeUnwrap().invitation.id).toBe(
      created.invitation.id,
    );
  });

  it('an invitation refused before it is created sends nothing', async () => {
    const mailer = recordingMailer();
    const refused = await invite('ann@example.com', mailer);
    expect(refused._unsafeUnwrapErr().code).toBe('already_a_member');
    expect(mailer.sent).toEqual([]);
  });

  it('the e-mail escapes what it names in HTML', () => {
    const mail = composeInvitationEmail({
      workspaceName: '<b>Bakery</b>',
      inviterEmail: null,
      role: 'admin',
      url: 'https://svc.example/invite/x',
      expiresAt: new Date('2031-01-08T09:00:00Z'),
    });
    expect(mail.html).toContain('&#60;b&#62;Bakery&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>Bakery');
    expect(mail.text).toContain('The operator invited you to the workspace "<b>Bakery</b>" as an admin.');
    expect(mail.text).toContain('until 2031-01-08 09:00 UTC');
  });

  it('openInvitation tells the holder what it invites to, and whether the address has an account', async () => {
    const created = (await invite('sam@example.com'))._unsafeUnwrap();
    expect((await openInvitation(t.deps, created.token))._unsafeUnwrap()).toMatchObject({
      workspaceName: 'ann@example.com',
      inviterEmail: 'ann@example.com',
      hasAccount: false,
      invitation: { email: 'sam@example.com', role: 'editor' },
    });
    await createUser(t.deps, { email: 'sam@example.com', betaTester: false });
    expect((await openInvitation(t.deps, created.token))._unsafeUnwrap().hasAccount).toBe(true);
    expect((await openInvitation(t.deps, `${created.token.slice(0, -1)}x`))._unsafeUnwrapErr().code).toBe(
      'invitation_not_found',
    );
    t.clock.advance(8 * 24 * 3600 * 1000);
    expect((await openInvitation(t.deps, created.token))._unsafeUnwrapErr().code).toBe('invitation_expired');
  });

  it('a new person joins with a password: a user with their own workspace, and a member with the role', async () => {
    const created = (await invite('Sam@Example.com'))._unsafeUnwrap();
    const short = await acceptInvitationAsNewPerson({ ...t.deps, passwords }, created.token, 'short');
    expect(short._unsafeUnwrapErr()).toMatchObject({
      code: 'validation_failed',
      details: { field: 'password' },
    });
    expect(await t.store.users.getUserByEmail('sam@example.com')).toBeNull();
    const joined = (
      await acceptInvitationAsNewPerson({ ...t.deps, passwords }, created.token, 'a long enough secret')
    )._unsafeUnwrap();
    expect(joined.user.email).toBe('sam@example.com');
    expect(joined.member).toMatchObject({ workspaceId: ann.id, userId: joined.user.id, role: 'editor' });
    expect(await t.store.users.getPasswordHash(joined.user.id)).toBe('hashed:a long enough secret');
    expect((await t.store.workspaces.listMemberships(joined.user.id)).map((m) => m.workspace.id)).toEqual([
      joined.user.id,
      ann.id,
    ]);
    // Single use, whichever way it is accepted.
    const again = await acceptInvitationAsNewPerson(
      { ...t.deps, passwords },
      created.token,
      'another secret!',
    );
    expect(again._unsafeUnwrapErr().code).toBe('invitation_used');
    expect((await acceptInvitation(t.deps, joined.user.id, created.token))._unsafeUnwrapErr().code).toBe(
      'invitation_used',
    );
  });

  it('an address that has an account by now signs in instead: email_taken, nothing written', async () => {
    const created = (await invite('sam@example.com'))._unsafeUnwrap();
    const sam = (await createUser(t.deps, { email: 'sam@example.com', betaTester: false }))._unsafeUnwrap();
    const joined = await acceptInvitationAsNewPerson(
      { ...t.deps, passwords },
      created.token,
      'a long enough secret',
    );
    expect(joined._unsafeUnwrapErr().code).toBe('email_taken');
    expect(await t.store.users.getPasswordHash(sam.id)).toBeNull();
    expect((await acceptInvitation(t.deps, sam.id, created.token))._unsafeUnwrap().role).toBe('editor');
  });
});
