import type { Role } from '../roles/index.js';
import type { ApprovalPolicy } from './approval-policy.js';

/** What the policy looks at in whoever wants to schedule: their role and the credential they use. */
export type ApprovalRequester = {
  readonly role: Role;
  /** Acting through an agent's OAuth grant. */
  readonly agent: boolean;
  /** Acting with an API key created with "needs approval". */
  readonly markedKey: boolean;
};

/**
 * Whether the policy makes this requester draft and ask for approval instead of scheduling
 * directly. Contributors always must (they cannot schedule at all); the policy adds agents,
 * marked keys, or everyone.
 */
export function mustAskForApproval(policy: ApprovalPolicy, requester: ApprovalRequester): boolean {
  if (requester.role === 'contributor') return true;
  switch (policy.requiredFor) {
    case 'contributors':
      return false;
    case 'agents':
      return requester.agent;
    case 'keys_marked':
      return requester.markedKey;
    case 'everyone':
      return true;
  }
}
