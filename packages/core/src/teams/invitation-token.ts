import { secretToken } from '../kernel/index.js';

/**
 * Invitation tokens look like `svc_inv_01JD…Z.<43 base64url chars>` (the kernel's one token
 * shape): a fixed prefix to recognise them, the invitation id for lookup, and a 256-bit secret of
 * which only the hash is stored.
 */
export const INVITATION_TOKEN = secretToken('inv', { pasted: true });

/** The token shown once to the inviter. */
export const formatInvitationToken = INVITATION_TOKEN.format;

/** Splits a token into invitation id and secret; null when it is not shaped like one of ours. */
export const parseInvitationToken = INVITATION_TOKEN.parse;

/** How long an invitation can be accepted: seven days. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
