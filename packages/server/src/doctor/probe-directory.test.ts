import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { probeDirectory } from './probe-directory.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-doctor-'));
  made.push(dir);
  return dir;
};

describe('probing a directory', () => {
  it('finds an existing directory writable and leaves nothing behind', async () => {
    const dir = scratch();
    expect(await probeDirectory(dir)).toEqual({ kind: 'writable' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('finds a directory not made yet creatable, without making it', async () => {
    const dir = join(scratch(), 'data', 'svc');
    expect(await probeDirectory(dir)).toEqual({ kind: 'creatable' });
    expect(existsSync(join(dir, '..'))).toBe(false);
  });

  it('finds a path through a file unwritable, saying why', async () => {
    const file = join(scratch(), 'file');
    writeFileSync(file, 'x');
    expect(await probeDirectory(file)).toEqual({ kind: 'unwritable', problem: 'not a directory' });
    expect(await probeDirectory(join(file, 'data'))).toEqual({
      kind: 'unwritable',
      problem: expect.stringContaining('ENOTDIR'),
    });
  });
});
