import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorWorkspaceId, eventsBy, useCase } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { liveOwnedPost, type Post } from '../../posts/index.js';
import { type Automation, automationEvent, zeroCounts } from '../automation.js';
import { readAutomationTemplate, type TemplateProblem, templateFile } from '../automation-template.js';
import { automationAccount, automationReadiness, startCommentWatch } from './automation-account.js';
import { type AutomationView, automationView } from './automation-view.js';

/** What `svc_import_automation_template` and `POST /api/v1/automations/import` take. */
export type ImportTemplateInput = {
  /** The template: an object or the text of a template file. */
  readonly template: unknown;
  /** The Instagram account to set it up on; without it nothing is written. */
  readonly profileId?: string | null;
  /** The published Instagram post to watch; without it the automation is a draft. */
  readonly postId?: string | null;
};

/** The answer of an import: a check, or the automation it created. */
export type ImportTemplateOutcome =
  | {
      readonly saved: false;
      readonly valid: boolean;
      /** The checked, normalised template (version 1); null when it has problems. */
      readonly template: Record<string, unknown> | null;
      readonly problems: readonly TemplateProblem[];
    }
  | { readonly saved: true; readonly automation: AutomationView };

type Deps = Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'secretBox' | 'platforms'>;

/**
 * Imports an automation template (spec 4.2). Without a profile the template is only checked and
 * handed back, problems listed. With one, the automation is created on that Instagram account: a
 * draft that sends nothing, or, with a published post of that account, live, once the account
 * can answer comments (permissions granted, comment webhooks on).
 */
export function importAutomationTemplate(
  deps: Deps,
  actor: Actor,
  input: ImportTemplateInput,
): ResultAsync<ImportTemplateOutcome, SvcError> {
  return useCase(actor, 'automation:write', () => importTemplate(deps, actor, input));
}

async function importTemplate(
  deps: Deps,
  actor: Actor,
  input: ImportTemplateInput,
): Promise<Result<ImportTemplateOutcome, SvcError>> {
  const reading = readAutomationTemplate(input.template);
  const profileId = input.profileId ?? null;
  const postId = input.postId ?? null;
  if (profileId === null) {
    if (postId !== null) {
      return err(
        svcError(
          'validation_failed',
          'post_id needs profile_id: name the Instagram account the post was published to.',
          {
            field: 'profile_id',
          },
        ),
      );
    }
    return ok(
      reading.ok
        ? { saved: false, valid: true, template: templateFile(reading.template), problems: [] }
        : { saved: false, valid: false, template: null, problems: reading.problems },
    );
  }
  if (!reading.ok) {
    return err(
      svcError(
        'invalid_template',
        `The template has ${reading.problems.length} problem(s): ${reading.problems.map((p) => `${p.field}: ${p.message}`).join(' ')}`,
        { problems: reading.problems },
      ),
    );
  }
  const account = await automationAccount(deps, actor, profileId);
  if (account.isErr()) return err(account.error);
  const post = postId === null ? ok(null) : await watchablePost(deps, actor, account.value, postId);
  if (post.isErr()) return err(post.error);
  if (post.value !== null) {
    const watching = await startCommentWatch(deps, account.value);
    if (watching.isErr()) return err(watching.error);
  }
  const now = deps.clock.now();
  const automation: Automation = {
    id: deps.ids.id('auto'),
    ownerId: actorWorkspaceId(actor),
    accountId: account.value.id,
    template: reading.template,
    state: post.value === null ? 'draft' : 'live',
    postId: post.value?.id ?? null,
    mediaId: post.value?.platformPostId ?? null,
    liveSince: post.value === null ? null : now,
    createdAt: now,
    updatedAt: now,
    counts: zeroCounts(),
  };
  await deps.store.automations.createAutomation(
    automation,
    eventsBy(actor, [automationEvent('automation.created', automation, now)]),
  );
  return ok({
    saved: true,
    automation: automationView(automation, automationReadiness(deps, account.value)),
  });
}

// The post must be the actor's, published to Instagram on this very account: its comments are
// the ones the automation answers.
async function watchablePost(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  account: ConnectedAccount,
  postId: string,
): Promise<Result<Post, SvcError>> {
  const found = await liveOwnedPost(deps.store.posts, actor, postId);
  if (found.isErr()) return err(found.error);
  const post = found.value;
  if (!post.platforms.includes('instagram') || !post.profileIds.includes(account.id)) {
    return err(
      svcError('validation_failed', `Post ${postId} was not published to @${account.handle} on Instagram.`, {
        field: 'post_id',
      }),
    );
  }
  if (post.status !== 'posted' || post.platformPostId === null) {
    return err(
      svcError(
        'invalid_post_state',
        `Post ${postId} is ${post.status}: an automation watches a published post. Import it as a draft now (without post_id) or once the post is posted.`,
        { field: 'post_id', status: post.status },
      ),
    );
  }
  return ok(post);
}
