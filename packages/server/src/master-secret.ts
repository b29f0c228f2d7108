import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Name of the file in the data directory that holds a generated master secret. */
export const SECRET_FILE = 'secret';

/**
 * The master secret: SVC_SECRET when set, otherwise the one generated into the data directory
 * the first time any process needs it. The file is created exclusively (so concurrent first starts
 * agree on one secret) and readable by its owner only. Losing it makes stored platform tokens
 * unreadable and signed media links invalid, so several servers sharing data must share it.
 */
export function resolveMasterSecret(configured: string | null, dataDir: string): string {
  if (configured !== null) return configured;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, SECRET_FILE);
  try {
    writeFileSync(path, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(path, 'utf8').trim();
  if (secret.length < 32)
    throw new Error(
      `The master secret in ${path} is too short; restore it or remove it along with the data it protects.`,
    );
  return secret;
}
