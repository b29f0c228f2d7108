import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { DirectoryState } from '@svc/core';
import { problemOf } from './problem-of.js';

/**
 * Whether this process can write in `path`: by writing and removing an empty file there, since
 * permission bits do not tell everything (read-only mounts, ACLs, a full disk's inodes). A
 * directory not there yet is not made: its nearest existing parent must be a writable directory.
 */
export async function probeDirectory(path: string): Promise<DirectoryState> {
  try {
    if (!(await stat(path)).isDirectory()) return { kind: 'unwritable', problem: 'not a directory' };
    const probe = join(path, `.svc-doctor-${randomBytes(6).toString('hex')}`);
    await writeFile(probe, '', { flag: 'wx' });
    await rm(probe, { force: true });
    return { kind: 'writable' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      return { kind: 'unwritable', problem: problemOf(error) };
    return creatable(path);
  }
}

async function creatable(path: string): Promise<DirectoryState> {
  const parent = dirname(path);
  if (parent === path) return { kind: 'unwritable', problem: 'no existing parent directory' };
  try {
    if (!(await stat(parent)).isDirectory())
      return { kind: 'unwritable', problem: `${parent} is not a directory` };
    await access(parent, constants.W_OK);
    return { kind: 'creatable' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return creatable(parent);
    return { kind: 'unwritable', problem: problemOf(error) };
  }
}
