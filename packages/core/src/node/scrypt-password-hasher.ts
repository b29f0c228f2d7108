import type { PasswordHasher } from '../identity/index.js';
import { DECOY_PASSWORD_HASH, hashPassword, verifyPassword } from './password-hash.js';

/** The password hasher of production: salted scrypt (`hashPassword`, `verifyPassword`). */
export const scryptPasswordHasher: PasswordHasher = {
  hash: hashPassword,
  verify: verifyPassword,
  decoyHash: DECOY_PASSWORD_HASH,
};
