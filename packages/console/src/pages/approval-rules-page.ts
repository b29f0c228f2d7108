import {
  APPROVAL_REQUIRED_FOR,
  type ApprovalRequiredFor,
  actorMember,
  getApprovalPolicy,
  listWorkspaceMembers,
  memberCan,
  type ReviewerRule,
  setApprovalPolicy,
} from '@svc/core';
import { type Html, html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField, pageReply } from '../console-page.js';
import type { ConsoleReply } from '../console-reply.js';
import { actionReply } from './refusal-page.js';

// The workspace's approval policy (docs/teams.md, "Approval policy"): admins and owners set who
// must ask for approval and who decides the one or two review steps; everyone else reads it.

const PATH = '/app/approval-rules';

const WHO: Readonly<Record<ApprovalRequiredFor, string>> = {
  contributors: 'Contributors only (they can never schedule themselves)',
  agents: 'Contributors, and agents connected through OAuth',
  keys_marked: 'Contributors, and API keys created with "needs approval"',
  everyone: 'Everyone, owners included',
};

const ROLE_CHOICES = ['editor', 'admin', 'owner'] as const;

/** A reviewer rule as a form value: `role:editor` or `user:<id>`. */
const ruleValue = (rule: ReviewerRule): string =>
  'userId' in rule ? `user:${rule.userId}` : `role:${rule.role}`;

/** The rule a form value names; null for "no second step". Anything else is core's to refuse. */
function ruleOf(value: string | null): ReviewerRule | null {
  if (value === null || value === '') return null;
  if (value.startsWith('user:')) return { userId: value.slice(5) };
  return { role: value.slice(5) } as ReviewerRule;
}

async function show(c: SignedContext): Promise<ConsoleReply> {
  const { policy, saved } = await unwrap(getApprovalPolicy(c.deps.core, c.actor));
  const members = await unwrap(listWorkspaceMembers(c.deps.core, c.actor));
  const deciders = members.filter((m) =>
    memberCan({ ...actorMember(c.actor), role: m.role, accountIds: null }, 'approval:decide'),
  );
  const mayEdit = memberCan(actorMember(c.actor), 'approval-policy:manage');
  const choices = (step: number, current: ReviewerRule | undefined): Html => {
    const chosen = current === undefined ? '' : ruleValue(current);
    const option = (value: string, label: string) =>
      html`<option value="${value}"${value === chosen ? html` selected` : ''}>${label}</option>`;
    return html`<label for="step-${step}">Step ${step}</label>
<select id="step-${step}" name="step${step}"${mayEdit ? '' : html` disabled`}>
${step === 2 ? option('', 'No second step') : ''}
${ROLE_CHOICES.map((role) => option(`role:${role}`, `Any ${role} or above`))}
${deciders.map((m) => option(`user:${m.userId}`, `Only ${m.email ?? m.userId} (${m.role})`))}
</select>`;
  };
  const body = html`<section class="card" aria-labelledby="rules-heading"><h2 id="rules-heading">Approval rules</h2>
<p>${saved ? 'This workspace has its own rules.' : 'This workspace uses the default: contributors ask, and any editor or above decides in one step.'}
Step 2 opens once step 1 approves; a rejection at any step returns the post to draft with the note.
Once rules are saved, whoever asks for approval never decides their own request.</p>
<form method="post" action="${PATH}">${csrfField(c.session)}
<fieldset${mayEdit ? '' : html` disabled`}><legend>Who must ask for approval before a post is scheduled</legend>
${APPROVAL_REQUIRED_FOR.map(
  (who) =>
    html`<label><input type="radio" name="requiredFor" value="${who}"${policy.requiredFor === who ? html` checked` : ''}> ${WHO[who]}</label>`,
)}
</fieldset>
${choices(1, policy.steps[0])}
${choices(2, policy.steps[1])}
${mayEdit ? html`<div class="actions"><button type="submit">Save approval rules</button></div>` : html`<p class="muted">Only admins and owners change these rules.</p>`}
</form></section>`;
  return pageReply(c, 200, {
    title: 'Approval rules',
    section: PATH,
    body,
    ...(c.url.searchParams.get('done') === 'saved' ? { notice: 'The approval rules were saved.' } : {}),
  });
}

async function save(c: SignedContext): Promise<ConsoleReply> {
  const steps = [ruleOf(c.form.get('step1')), ruleOf(c.form.get('step2'))].filter((r) => r !== null);
  const saved = await setApprovalPolicy(c.deps.core, c.actor, {
    requiredFor: c.form.get('requiredFor'),
    steps,
  });
  return actionReply(
    c,
    saved,
    {
      status: 400,
      title: 'Not saved',
      section: PATH,
      back: { href: PATH, label: 'Back to the approval rules' },
    },
    () => `${PATH}?done=saved`,
  );
}

/** The approval rules page: read by every member, set by admins and owners. */
export const approvalRulesRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: PATH, access: 'signed', run: show },
  { method: 'POST', path: PATH, access: 'signed', run: save },
];
