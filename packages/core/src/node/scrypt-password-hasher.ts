import type { PasswordHasher } from '../identity/index.js';
import { hashPassword } from './password-hash.js';

/** The password hasher of production: salted scrypt (`hashPassword`). */
export const scryptPasswordHasher: PasswordHasher = { hash: hashPassword };
