import { decideApproval } from '@svc/core';
import { type CliCommand, CliFailure, printJson } from './cli-command.js';
import { runUseCase } from './command-support.js';

/** `svc approvals decide`. */
export const approvalsDecide: CliCommand = {
  name: 'approvals decide',
  summary: 'Approve or reject a post awaiting review',
  help: `Usage: svc approvals decide ID --approve|--reject [--queue] [--note TEXT]

Decides a pending approval. ID is the approval id (appr_…) or the id of the post under review.
Approving schedules the post: at its scheduled time if that is still ahead, otherwise at the next
publisher run; a draft saved with queue: true (or approved with --queue) takes each account's
next free posting slot instead. A draft aimed at several accounts becomes one scheduled post per account. The
owner's plan, the target accounts and the content policy are checked again first; a post without
target accounts cannot be approved. Rejecting returns the post to draft. Prints {"approvalId",
"postId", "status", "reviewerNote", "decidedAt", "postStatus", "scheduledPostIds",
"posts"} (posts: each scheduled row's id, profileId and scheduledTime).

Options:
  --approve      approve the post
  --reject       reject it (back to draft)
  --queue        with --approve: into the queue (each account's next free slot), whatever time it has
  --note TEXT    a note for the author, shown by svc_get_post_approval_status`,
  options: {
    approve: { type: 'boolean', default: false },
    reject: { type: 'boolean', default: false },
    queue: { type: 'boolean', default: false },
    note: { type: 'string' },
  },
  positionals: { min: 1, max: 1 },
  async run({ positionals, values }, io) {
    if (values.approve === values.reject) {
      throw new CliFailure('give exactly one of --approve or --reject.', 2);
    }
    if (values.queue === true && values.approve !== true) {
      throw new CliFailure('--queue goes with --approve.', 2);
    }
    const note = typeof values.note === 'string' ? values.note : null;
    const decided = await runUseCase(io, (core) =>
      decideApproval(core, {
        id: positionals[0] ?? '',
        approve: values.approve === true,
        note,
        queue: values.queue === true,
      }),
    );
    printJson(io, {
      approvalId: decided.approval.id,
      postId: decided.approval.postId,
      status: decided.approval.status,
      reviewerNote: decided.approval.reviewerNote,
      decidedAt: decided.approval.decidedAt?.toISOString() ?? null,
      postStatus: decided.post.status,
      scheduledPostIds: decided.scheduledPostIds,
      posts: decided.scheduledPosts.map((p) => ({
        id: p.id,
        profileId: p.profileIds[0] ?? null,
        scheduledTime: p.scheduledTime?.toISOString() ?? null,
      })),
    });
    return 0;
  },
};
