import { z } from 'zod';
import { secretToken } from '../kernel/index.js';
import { scopeSchema } from './scopes.js';

/** Schema of an API key record. The secret itself is never stored, only its hash. */
export const apiKeySchema = z.object({
  /** Record id (`key_…`); also the non-secret part of the key string. */
  id: z.string().min(1),
  /** The workspace the key acts in (a personal workspace's id is its user's id). */
  ownerId: z.string().min(1),
  /**
   * The member who created the key, whose role and account limit it acts with; null (or absent,
   * for keys made before workspaces) means the owner of the personal workspace `ownerId`.
   */
  createdBy: z.string().nullable().optional(),
  name: z.string().nullable(),
  /** Hash of the secret part, from the KeyHasher port. */
  secretHash: z.string().min(1),
  scopes: z.array(scopeSchema).min(1),
  /** Connected-account ids the key is limited to; null means every account of the owner. */
  accountIds: z.array(z.string()).nullable(),
  createdAt: z.date(),
  expiresAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
  /**
   * Created with "needs approval" (`svc keys create --needs-approval`): under a `keys_marked`
   * approval policy the key drafts and asks instead of scheduling. Absent means false.
   */
  needsApproval: z.boolean().optional(),
  /** When the key last authenticated a call, to the minute (see decideLastUse); null: never. */
  lastUsedAt: z.date().nullable(),
});

/** An API key record. */
export type ApiKey = z.infer<typeof apiKeySchema>;

/**
 * Key strings look like `svc_key_01JD…Z.<43 base64url chars>` (the kernel's one token shape): a
 * fixed prefix so leaked keys are easy to recognise and scan for, the record id for lookup, and
 * a 256-bit secret.
 */
const API_KEY_TOKEN = secretToken('key', { pasted: false });

/** Recognises a key string anywhere in a text (for secret scanners and log redaction). */
export const API_KEY_SCAN_PATTERN = API_KEY_TOKEN.scanPattern;

/** Formats the key string shown to the user once. */
export const formatApiKey = API_KEY_TOKEN.format;

/** Splits a key string into record id and secret; null when it is not shaped like one of ours. */
export const parseApiKey = API_KEY_TOKEN.parse;
