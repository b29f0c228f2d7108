import type { ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import type { Actor } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import {
  type AddWorkspaceMemberInput,
  type CreatedInvitation,
  type Invitation,
  inviteToWorkspace,
} from '../../teams/index.js';
import { composeInvitationEmail } from '../invitation-email.js';
import type { Mailer } from '../ports/mailer.js';

/** Where invitation links point, and the mailer that sends them (null: e-mail is not configured). */
export type InvitationDelivery = {
  /** `SVC_BASE_URL`: the accept link is `<base>/invite/<token>`. */
  readonly baseUrl: string;
  readonly mailer: Mailer | null;
  /** The domain of Message-IDs (the host of `SVC_BASE_URL`). */
  readonly messageIdDomain: string;
};

/** The delivery of a server at `baseUrl` (`SVC_BASE_URL`), e-mailing through `mailer` when there is one. */
export function invitationDelivery(baseUrl: string, mailer: Mailer | null | undefined): InvitationDelivery {
  return { baseUrl, mailer: mailer ?? null, messageIdDomain: new URL(baseUrl).hostname };
}

/**
 * A new invitation, its token and accept link (this answer only), and whether the link was
 * e-mailed to the invitee. When it was not (no mailer, or the mail server refused), the inviter
 * is the one to pass the link on.
 */
export type DeliveredInvitation = CreatedInvitation & { readonly url: string; readonly emailed: boolean };

/** The accept link of an invitation token: the console's `/invite/<token>` (docs/teams.md). */
export function invitationUrl(baseUrl: string, token: string): string {
  return new URL(`/invite/${encodeURIComponent(token)}`, baseUrl).toString();
}

/**
 * Invites a person to the actor's workspace (`member:manage`) and, when e-mail is configured,
 * sends them the link at once. Sent directly, not through the journal and the notification
 * outbox: the link is a credential, and the outbox keeps messages at rest for days while the
 * journal is read by webhooks and `GET /api/v1/events`; here the secret never leaves memory except
 * in the e-mail itself. So it is sent once, never retried: when the mail server cannot take it, the
 * answer says so (`emailed: false`) and the inviter passes the link on (or withdraws and invites
 * again), which loses nothing.
 */
export function inviteAndDeliver(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'keyHasher'>,
  delivery: InvitationDelivery,
  actor: Actor,
  input: AddWorkspaceMemberInput,
): ResultAsync<DeliveredInvitation, SvcError> {
  return inviteToWorkspace(deps, actor, input).map(
    async (created): Promise<DeliveredInvitation> => ({
      ...created,
      url: invitationUrl(delivery.baseUrl, created.token),
      emailed: await deliver(deps, delivery, actor, created),
    }),
  );
}

async function deliver(
  deps: Pick<CoreDeps, 'store'>,
  delivery: InvitationDelivery,
  actor: Actor,
  created: CreatedInvitation,
): Promise<boolean> {
  if (delivery.mailer === null) return false;
  const invitation: Invitation = created.invitation;
  const workspace = await deps.store.workspaces.getWorkspace(invitation.workspaceId);
  const message = composeInvitationEmail({
    workspaceName: workspace?.name ?? invitation.workspaceId,
    inviterEmail: actor.user.email,
    role: invitation.role,
    url: invitationUrl(delivery.baseUrl, created.token),
    expiresAt: invitation.expiresAt,
  });
  const sent = await delivery.mailer.send({
    to: invitation.email,
    ...message,
    headers: {},
    messageId: `<${invitation.id}@${delivery.messageIdDomain}>`,
  });
  return sent.kind === 'sent';
}
