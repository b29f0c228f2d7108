import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Reads JSON fixtures from the `__fixtures__` folder in `dir` (a test's `import.meta.dirname`). */
export function fixtureReader(dir: string): (name: string) => unknown {
  return (name) => JSON.parse(readFileSync(join(dir, '__fixtures__', name), 'utf8'));
}
