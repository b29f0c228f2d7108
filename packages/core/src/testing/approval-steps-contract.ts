import { describe, expect, it } from 'vitest';
import { type Approval, type ApprovalStep, openingSteps, stepsAfter } from '../approvals/index.js';
import type { Store } from '../deps/index.js';
import { at, OWNER, T0 } from './post-query-contract-support.js';

const ID = 'appr_01JSTEPS000000000000000001';

/** A pending approval with two review steps, asked by a member. */
function aTwoStepApproval(): Approval {
  return {
    id: ID,
    postId: 'post_01JSTEPS000000000000000001',
    ownerId: OWNER,
    status: 'pending',
    requestNote: null,
    reviewerNote: null,
    requestedAt: T0,
    decidedAt: null,
    requestedBy: 'key_1',
    steps: openingSteps({
      requiredFor: 'contributors',
      steps: [{ role: 'editor' }, { userId: 'user_boss' }],
    }),
    requesterId: 'user_writer',
  };
}

const verdict = (approve: boolean, by: string, minutes: number) => ({
  approve,
  by,
  note: `${by} says ${approve ? 'yes' : 'no'}`,
  at: at(minutes),
});

/**
 * The review steps of the store contract (docs/teams.md, "Approval policy"): the steps and the
 * requester are stored with an approval, and each step is decided once however many reviewers
 * race for it, as an advance to the next step or as the approval's decision.
 */
export function describeApprovalStepsContract(store: () => Store): void {
  describe('approval steps', () => {
    const approvals = () => store().approvals;
    const advance = (by: string, minutes: number, steps: readonly ApprovalStep[]) =>
      approvals().advanceApproval(ID, 1, stepsAfter(steps, 1, verdict(true, by, minutes)));

    it('round-trips the steps and the requester', async () => {
      await approvals().insertApproval(aTwoStepApproval());
      expect(await approvals().getApproval(ID)).toEqual(aTwoStepApproval());
    });

    it('two reviewers approving step 1 at the same moment: exactly one opens step 2', async () => {
      const steps = aTwoStepApproval().steps ?? [];
      await approvals().insertApproval(aTwoStepApproval());
      const won = (await Promise.all([advance('user_ann', 1, steps), advance('user_bob', 1, steps)])).filter(
        (a) => a !== null,
      );
      expect(won).toHaveLength(1);
      const stored = await approvals().getApproval(ID);
      expect(stored).toEqual(won[0]);
      expect(stored?.status).toBe('pending');
      expect(stored?.steps?.map((s) => s.status)).toEqual(['approved', 'awaiting_review']);
      // Step 1 is past: neither an advance nor a decision of step 1 lands any more.
      expect(await advance('user_cy', 2, steps)).toBeNull();
      expect(
        await approvals().decideApproval(ID, {
          status: 'rejected',
          reviewerNote: 'late',
          decidedAt: at(2),
          step: 1,
        }),
      ).toBeNull();
    });

    it('an approval and a rejection of one step at once: exactly one lands', async () => {
      const steps = aTwoStepApproval().steps ?? [];
      await approvals().insertApproval(aTwoStepApproval());
      const rejected = stepsAfter(steps, 1, verdict(false, 'user_bob', 1));
      const [advanced, decided] = await Promise.all([
        advance('user_ann', 1, steps),
        approvals().decideApproval(ID, {
          status: 'rejected',
          reviewerNote: 'no',
          decidedAt: at(1),
          step: 1,
          steps: rejected,
        }),
      ]);
      expect([advanced, decided].filter((a) => a !== null)).toHaveLength(1);
      const stored = await approvals().getApproval(ID);
      expect(stored).toEqual(advanced ?? decided);
    });

    it('two reviewers deciding the last step at the same moment: exactly one wins, with its steps', async () => {
      const steps = aTwoStepApproval().steps ?? [];
      await approvals().insertApproval(aTwoStepApproval());
      const opened = stepsAfter(steps, 1, verdict(true, 'user_ann', 1));
      await approvals().advanceApproval(ID, 1, opened);
      const decide = (approve: boolean, by: string) =>
        approvals().decideApproval(ID, {
          status: approve ? 'approved' : 'rejected',
          reviewerNote: by,
          decidedAt: at(2),
          step: 2,
          steps: stepsAfter(opened, 2, verdict(approve, by, 2)),
        });
      const won = (await Promise.all([decide(true, 'user_boss'), decide(false, 'user_other')])).filter(
        (a) => a !== null,
      );
      expect(won).toHaveLength(1);
      const stored = await approvals().getApproval(ID);
      expect(stored).toEqual(won[0]);
      expect(stored?.steps?.[1]?.decidedBy).toBe(stored?.reviewerNote);
      expect(stored?.decidedAt).toEqual(at(2));
    });
  });
}
