import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveMasterSecret, SECRET_FILE } from '../src/master-secret.js';

describe('resolveMasterSecret', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'svc-secret-')), 'data');
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it('generates a secret once, readable by its owner only, and reuses it', () => {
    const dir = dataDir();
    const first = resolveMasterSecret(null, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(resolveMasterSecret(null, dir)).toBe(first);
    expect(readFileSync(join(dir, SECRET_FILE), 'utf8')).toBe(first);
  });

  it('prefers the configured secret and writes nothing then', () => {
    const dir = dataDir();
    expect(resolveMasterSecret('c'.repeat(32), dir)).toBe('c'.repeat(32));
    expect(() => statSync(join(dir, SECRET_FILE))).toThrow();
  });
});
