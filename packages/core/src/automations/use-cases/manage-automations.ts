import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import {
  type Actor,
  actorCanSeeAccount,
  actorWorkspaceId,
  eventsBy,
  itemUseCase,
  useCase,
} from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { type Automation, automationEvent } from '../automation.js';
import { templateFile } from '../automation-template.js';
import { automationReadiness, startCommentWatch } from './automation-account.js';
import { automationNotFound } from './automation-owner.js';
import { type AutomationView, automationView } from './automation-view.js';

type Deps = Pick<CoreDeps, 'store' | 'clock' | 'secretBox' | 'platforms'>;

/** The caller's automations (those of the accounts the key may touch), newest first, with counts. */
export function listAutomations(deps: Deps, actor: Actor): ResultAsync<AutomationView[], SvcError> {
  return useCase(actor, 'automation:read', async () => {
    const automations = await deps.store.automations.listAutomations(
      actorWorkspaceId(actor),
      actor.accountIds,
    );
    return ok(await Promise.all(automations.map((a) => viewOf(deps, a))));
  });
}

/** One automation as a version-1 template: no post, profile, handle or account detail. */
export const exportAutomationTemplate = itemUseCase(
  'automation:read',
  ownedAutomation,
  async (
    automation,
    _deps: Pick<CoreDeps, 'store'>,
    _actor,
    automationId,
  ): Promise<Result<Record<string, unknown>, SvcError>> => {
    if (automation.state === 'draft') {
      return err(
        svcError(
          'automation_is_draft',
          `Automation ${automationId} is still a draft: it has nothing to export until it watches a published post.`,
          { automationId },
        ),
      );
    }
    return ok(templateFile(automation.template));
  },
);

/**
 * Pauses a live automation (it keeps its post and counts, and sends nothing) or resumes a paused
 * one, after checking again that its account can answer comments. Asking for the state it is
 * already in changes nothing; a draft can be neither.
 */
export const setAutomationRunning = itemUseCase(
  'automation:write',
  ownedAutomation,
  async (
    automation,
    deps: Deps,
    actor,
    automationId,
    running: boolean,
  ): Promise<Result<AutomationView, SvcError>> => {
    const wanted = running ? 'live' : 'paused';
    if (automation.state === wanted) return ok(await viewOf(deps, automation));
    if (automation.state === 'draft') {
      return err(
        svcError(
          'invalid_automation_state',
          `Automation ${automationId} is a draft: import it again with post_id to make it live.`,
          { automationId, state: automation.state },
        ),
      );
    }
    if (running) {
      const account = await deps.store.accounts.getAccount(automation.accountId);
      if (account === null || account.status !== 'active') {
        return err(
          svcError(
            'account_needs_reconnect',
            'The Instagram account of this automation is no longer connected.',
            {
              profileId: automation.accountId,
            },
          ),
        );
      }
      const watching = await startCommentWatch(deps, account);
      if (watching.isErr()) return err(watching.error);
    }
    const now = deps.clock.now();
    const changed: Automation = {
      ...automation,
      state: wanted,
      liveSince: running ? now : automation.liveSince,
      updatedAt: now,
    };
    const event = automationEvent(running ? 'automation.resumed' : 'automation.paused', changed, now);
    if (!(await deps.store.automations.updateAutomation(changed, eventsBy(actor, [event]))))
      return notFound(automationId);
    return ok(await viewOf(deps, changed));
  },
);

/** Deletes an automation: it stops at once; comments already answered stay answered. */
export const deleteAutomation = itemUseCase(
  'automation:write',
  ownedAutomation,
  async (
    automation,
    deps: Pick<CoreDeps, 'store' | 'clock'>,
    actor,
    automationId,
  ): Promise<Result<{ readonly id: string; readonly deleted: true }, SvcError>> => {
    const event = automationEvent('automation.deleted', automation, deps.clock.now());
    if (!(await deps.store.automations.deleteAutomation(automationId, eventsBy(actor, [event]))))
      return notFound(automationId);
    return ok({ id: automationId, deleted: true as const });
  },
);

// Another user's automation, or one on an account the key may not touch, is refused exactly like
// a missing one, so ids reveal nothing.
async function ownedAutomation(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  automationId: string,
): Promise<Result<Automation, SvcError>> {
  const automation = await deps.store.automations.getAutomation(automationId);
  if (
    automation === null ||
    automation.ownerId !== actorWorkspaceId(actor) ||
    !actorCanSeeAccount(actor, automation.accountId)
  ) {
    return notFound(automationId);
  }
  return ok(automation);
}

function notFound<T>(automationId: string): Result<T, SvcError> {
  return err(automationNotFound(automationId));
}

async function viewOf(deps: Deps, automation: Automation): Promise<AutomationView> {
  const account = await deps.store.accounts.getAccount(automation.accountId);
  const readiness =
    account === null || account.status !== 'active'
      ? { needsReconnect: true, missingPermissions: [] }
      : automationReadiness(deps, account);
  return automationView(automation, readiness);
}
