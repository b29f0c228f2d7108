import type { PasswordHasher } from '../ports/password-hasher.js';
import { hashPassword } from './password-hash.js';

/** The password hasher of production: salted scrypt (`hashPassword`). */
export const scryptPasswordHasher: PasswordHasher = { hash: hashPassword };
