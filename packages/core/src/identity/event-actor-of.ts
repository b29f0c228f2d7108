import { actedBy, type DomainEvent, type EventActor, OPERATOR_ACTOR } from '../journal/index.js';
import type { Actor } from './actor.js';

/** How the surfaces name the credential of a console session (`console:<session>`). */
export const CONSOLE_CREDENTIAL_PREFIX = 'console:';
/** How the OAuth bearer verifier names an agent's access token (`oauth:<client id>`). */
export const OAUTH_CREDENTIAL_PREFIX = 'oauth:';
/** How the service names a client acting through a review link (`review link <link id>`). */
export const REVIEW_LINK_CREDENTIAL_PREFIX = 'review link ';

/**
 * Who an Actor is, as the journal records it: the one place that reads a credential as an actor
 * kind, so every event of a change names its actor the same way (docs/events.md, "Who did it").
 * A console session is the member; an OAuth token is an agent acting for the person; an API key
 * is the key, labelled with its person; `operatorActor` is the operator.
 */
export function eventActorOf(actor: Actor): EventActor {
  const credential = actor.credentialId;
  const person = actor.user.email;
  if (credential === OPERATOR_ACTOR.id) return OPERATOR_ACTOR;
  if (credential.startsWith(CONSOLE_CREDENTIAL_PREFIX)) {
    return { kind: 'member', id: actor.user.id, label: person };
  }
  if (credential.startsWith(OAUTH_CREDENTIAL_PREFIX)) {
    const client = credential.slice(OAUTH_CREDENTIAL_PREFIX.length);
    return { kind: 'agent', id: client, label: `${person} (agent ${client})` };
  }
  if (credential.startsWith(REVIEW_LINK_CREDENTIAL_PREFIX)) {
    const link = credential.slice(REVIEW_LINK_CREDENTIAL_PREFIX.length);
    return { kind: 'review_link', id: link, label: `review link ${link}` };
  }
  return { kind: 'key', id: credential, label: `${person} (key ${credential})` };
}

/** The events of a change an actor made, each naming them: what every use case appends. */
export function eventsBy(actor: Actor, events: readonly DomainEvent[]): DomainEvent[] {
  return actedBy(eventActorOf(actor), events);
}
