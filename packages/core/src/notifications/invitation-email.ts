import { escapeHtml } from '../kernel/index.js';
import type { Role } from '../roles/index.js';
import type { ComposedMessage } from './compose-notification.js';

/** What an invitation e-mail says: who invites, to which workspace, with which role, and the link. */
export type InvitationEmailFacts = {
  readonly workspaceName: string;
  /** The inviter's address; null when the operator invited (the CLI). */
  readonly inviterEmail: string | null;
  readonly role: Role;
  /** The accept link: the one secret in the message, which the invitee needs to accept. */
  readonly url: string;
  readonly expiresAt: Date;
};

/**
 * The invitation e-mail, in plain text and simple HTML. It carries the accept link (the token is
 * in it: the person needs it) and names only the workspace, the inviter and the role; no other
 * token, key or secret, and no unsubscribe link, since nobody is subscribed to anything yet.
 */
export function composeInvitationEmail(facts: InvitationEmailFacts): ComposedMessage {
  const who = facts.inviterEmail ?? 'The operator';
  const lines = [
    `${who} invited you to the workspace "${facts.workspaceName}" as ${article(facts.role)} ${facts.role}.`,
    `The link works once, until ${facts.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    'If you did not expect this, ignore this e-mail: nothing happens unless the link is opened and accepted.',
  ];
  const subject = `You are invited to "${facts.workspaceName}"`;
  const text = [lines[0], '', `Accept the invitation: ${facts.url}`, '', ...lines.slice(1)].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>${escapeHtml(lines[0] ?? '')}</p>`,
    `<p><a href="${escapeHtml(facts.url)}">Accept the invitation</a></p>`,
    ...lines.slice(1).map((l) => `<p>${escapeHtml(l)}</p>`),
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

const article = (role: Role): string => (/^[aeiou]/.test(role) ? 'an' : 'a');
