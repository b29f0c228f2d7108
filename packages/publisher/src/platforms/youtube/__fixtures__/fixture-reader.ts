import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Reads a JSON fixture of this folder. */
export function youtubeFixture(name: string): unknown {
  return JSON.parse(readFileSync(join(import.meta.dirname, name), 'utf8'));
}
