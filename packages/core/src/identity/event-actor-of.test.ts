import { describe, expect, it } from 'vitest';
import { recordedActor, SYSTEM_ACTOR } from '../journal/index.js';
import { aUser } from '../testing/builders.js';
import type { Actor } from './actor.js';
import { operatorActor, workspaceOperator } from './actor.js';
import { eventActorOf, eventsBy } from './event-actor-of.js';

const ann = aUser({ id: 'user_ann', email: 'ann@example.com' });
const acting = (credentialId: string): Actor => ({
  user: ann,
  credentialId,
  scopes: ['*'],
  accountIds: null,
});
const event = {
  type: 'post.deleted' as const,
  at: new Date('2026-11-30T10:00:00.000Z'),
  ownerId: 'ws_1',
  subjectId: 'post_1',
  data: {},
};

describe('eventActorOf', () => {
  it('maps each kind of credential to the actor the journal records', () => {
    expect(eventActorOf(acting('console:abcdef012345'))).toEqual({
      kind: 'member',
      id: 'user_ann',
      label: 'ann@example.com',
    });
    expect(eventActorOf(acting('key_01JKEY'))).toEqual({
      kind: 'key',
      id: 'key_01JKEY',
      label: 'ann@example.com (key key_01JKEY)',
    });
    expect(eventActorOf(acting('oauth:client_claude'))).toEqual({
      kind: 'agent',
      id: 'client_claude',
      label: 'ann@example.com (agent client_claude)',
    });
    expect(eventActorOf(workspaceOperator(ann, 'ws_1', 'review link rev_01J'))).toEqual({
      kind: 'review_link',
      id: 'rev_01J',
      label: 'review link rev_01J',
    });
    expect(eventActorOf(operatorActor(ann))).toEqual({
      kind: 'operator',
      id: 'operator',
      label: 'the operator',
    });
  });

  it("stamps a change's events once, keeps an actor already named, and leaves the rest to the service", () => {
    const [stamped] = eventsBy(acting('key_01JKEY'), [event]);
    expect(stamped?.actor?.kind).toBe('key');
    const [kept] = eventsBy(acting('key_01JKEY'), [{ ...event, actor: SYSTEM_ACTOR }]);
    expect(kept?.actor).toEqual(SYSTEM_ACTOR);
    expect(recordedActor(event)).toEqual(SYSTEM_ACTOR);
    expect(recordedActor(stamped ?? event).kind).toBe('key');
  });
});
