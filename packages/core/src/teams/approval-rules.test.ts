import { describe, expect, it } from 'vitest';
import { type ApprovalPolicy, approvalPolicySchema, DEFAULT_APPROVAL_POLICY } from './approval-policy.js';
import { ruleNames, stepRefusal } from './may-decide-step.js';
import { type ApprovalRequester, mustAskForApproval } from './must-ask-for-approval.js';

const person = (role: ApprovalRequester['role']): ApprovalRequester => ({
  role,
  agent: false,
  markedKey: false,
});
const policy = (requiredFor: ApprovalPolicy['requiredFor']): ApprovalPolicy => ({
  requiredFor,
  steps: [{ role: 'editor' }],
});

describe('who must ask for approval', () => {
  it('contributors always, whatever the policy', () => {
    for (const requiredFor of ['contributors', 'agents', 'keys_marked', 'everyone'] as const) {
      expect(mustAskForApproval(policy(requiredFor), person('contributor'))).toBe(true);
    }
  });

  it('the default asks only contributors: editors, admins and owners schedule directly', () => {
    for (const role of ['owner', 'admin', 'editor'] as const) {
      expect(mustAskForApproval(DEFAULT_APPROVAL_POLICY, { role, agent: true, markedKey: true })).toBe(false);
    }
  });

  it('agents: an OAuth grant asks, the same person with a key or the console does not', () => {
    expect(mustAskForApproval(policy('agents'), { role: 'owner', agent: true, markedKey: false })).toBe(true);
    expect(mustAskForApproval(policy('agents'), { role: 'owner', agent: false, markedKey: true })).toBe(
      false,
    );
  });

  it('keys_marked: only a key marked "needs approval" asks', () => {
    expect(mustAskForApproval(policy('keys_marked'), { role: 'admin', agent: false, markedKey: true })).toBe(
      true,
    );
    expect(mustAskForApproval(policy('keys_marked'), { role: 'admin', agent: true, markedKey: false })).toBe(
      false,
    );
  });

  it('everyone: owners too', () => {
    expect(mustAskForApproval(policy('everyone'), person('owner'))).toBe(true);
  });
});

describe('who may decide a step', () => {
  const ann = { userId: 'user_ann', role: 'editor' as const };

  it('a role rule names that role and every more trusted one, never those who cannot decide', () => {
    expect(ruleNames({ role: 'editor' }, ann)).toBe(true);
    expect(ruleNames({ role: 'editor' }, { userId: 'u', role: 'owner' })).toBe(true);
    expect(ruleNames({ role: 'admin' }, ann)).toBe(false);
    expect(ruleNames({ role: 'contributor' }, { userId: 'u', role: 'contributor' })).toBe(false);
  });

  it('a named reviewer is that member only, and only while they may decide approvals', () => {
    expect(ruleNames({ userId: 'user_ann' }, ann)).toBe(true);
    expect(ruleNames({ userId: 'user_ann' }, { userId: 'user_bob', role: 'owner' })).toBe(false);
    expect(ruleNames({ userId: 'user_ann' }, { userId: 'user_ann', role: 'viewer' })).toBe(false);
  });

  it('the requester never decides a step of their own request', () => {
    expect(stepRefusal({ role: 'editor' }, ann, 'user_ann')).toBe('own_request');
    expect(stepRefusal({ userId: 'user_ann' }, ann, 'user_ann')).toBe('own_request');
    expect(stepRefusal({ role: 'editor' }, ann, 'user_bob')).toBeNull();
    expect(stepRefusal({ role: 'admin' }, ann, null)).toBe('not_reviewer');
    // Asked under the default policy: no requester is kept out (today's behaviour).
    expect(stepRefusal({ role: 'editor' }, ann, null)).toBeNull();
  });
});

describe('the policy schema', () => {
  it('takes one or two steps, each a named member or a role', () => {
    expect(approvalPolicySchema.safeParse(DEFAULT_APPROVAL_POLICY).success).toBe(true);
    const two = { requiredFor: 'everyone', steps: [{ role: 'editor' }, { userId: 'user_ann' }] };
    expect(approvalPolicySchema.safeParse(two).success).toBe(true);
    expect(approvalPolicySchema.safeParse({ requiredFor: 'everyone', steps: [] }).success).toBe(false);
    const three = {
      requiredFor: 'everyone',
      steps: [{ role: 'editor' }, { role: 'admin' }, { role: 'owner' }],
    };
    expect(approvalPolicySchema.safeParse(three).success).toBe(false);
    expect(
      approvalPolicySchema.safeParse({ requiredFor: 'bosses', steps: [{ role: 'editor' }] }).success,
    ).toBe(false);
  });
});
