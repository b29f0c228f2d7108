import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';

/**
 * A fresh directory under the OS temp dir for each test of the calling suite, removed afterwards
 * (with the database files, WAL and shared-memory files in it). Returns a path maker.
 */
export function useTempDirectory(): (name?: string) => string {
  let dir: string | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-store-sqlite-'));
  });
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  return (name = 'svc.db') => {
    if (dir === undefined) throw new Error('useTempDirectory paths exist only while a test runs.');
    return join(dir, name);
  };
}
