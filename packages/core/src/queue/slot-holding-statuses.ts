import { OUTGOING_POST_STATUSES, type PostStatus } from '../kernel/index.js';

/**
 * The statuses of a post that hold its account's slot at its time: waiting for approval, scheduled,
 * being published, and posted (a posted one counts towards its day's platform cap). A draft has no
 * time yet; a failed or deleted post frees its slot.
 */
export const SLOT_HOLDING_STATUSES: readonly PostStatus[] = [...OUTGOING_POST_STATUSES, 'posted'];
