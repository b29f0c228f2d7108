import { describe, expect, it } from 'vitest';
import { svcInProcess, useDataDirs } from './support.js';

const dataDir = useDataDirs();

describe('svc members and svc workspaces', () => {
  const withOwner = async () => {
    const env = { SVC_DATA_DIR: dataDir() };
    const ann = await svcInProcess(['users', 'create', '--email', 'ann@example.com', '--plan', 'paid'], env);
    expect(ann.code).toBe(0);
    return { env, annId: ann.json.id as string };
  };

  it('adds a person, created when new, to the personal workspace of the owner, as contract.md prints it', async () => {
    const { env, annId } = await withOwner();
    const added = await svcInProcess(
      [
        'members',
        'add',
        '--owner-email',
        'Ann@Example.com',
        '--email',
        'bob@example.com',
        '--role',
        'editor',
      ],
      env,
    );
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.json).toEqual({
      workspaceId: annId,
      userId: expect.stringMatching(/^user_/),
      role: 'editor',
    });
    const bobId = added.json.userId as string;

    const members = await svcInProcess(['members', 'list', '--email', 'ann@example.com'], env);
    expect(members.json).toEqual({
      workspaceId: annId,
      members: [
        {
          userId: annId,
          email: 'ann@example.com',
          role: 'owner',
          accountIds: null,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
        {
          userId: bobId,
          email: 'bob@example.com',
          role: 'editor',
          accountIds: null,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      ],
    });
    const bobs = await svcInProcess(['workspaces', 'list', '--email', 'bob@example.com'], env);
    expect(bobs.json).toEqual({
      workspaces: [
        { id: bobId, name: 'bob@example.com', personal: true, role: 'owner', accountIds: null },
        { id: annId, name: 'ann@example.com', personal: true, role: 'editor', accountIds: null },
      ],
    });
  });

  it('limits a member to accounts of the workspace', async () => {
    const { env } = await withOwner();
    const account = await svcInProcess(
      [
        'accounts',
        'connect-sandbox',
        '--email',
        'ann@example.com',
        '--platform',
        'instagram',
        '--handle',
        'ann',
      ],
      env,
    );
    expect(account.code).toBe(0);
    const args = [
      'members',
      'add',
      '--owner-email',
      'ann@example.com',
      '--email',
      'cy@example.com',
      '--role',
    ];
    const limited = await svcInProcess([...args, 'contributor', '--accounts', account.json.id], env);
    expect(limited.json.role).toBe('contributor');
    const listed = await svcInProcess(['workspaces', 'list', '--email', 'cy@example.com'], env);
    expect(listed.json.workspaces[1]).toMatchObject({ role: 'contributor', accountIds: [account.json.id] });
    const foreign = await svcInProcess(
      [
        'members',
        'add',
        '--owner-email',
        'ann@example.com',
        '--email',
        'dee@example.com',
        '--role',
        'viewer',
        '--accounts',
        'acct_x',
      ],
      env,
    );
    expect(foreign).toMatchObject({ code: 1, stdout: '' });
    expect(foreign.stderr).toMatch(/^svc: Not an active account of this workspace: acct_x\.\n$/);
  });

  it('refuses with one line: an owner role, an unknown owner, a member already in, missing options', async () => {
    const { env } = await withOwner();
    const add = (email: string, role: string, owner = 'ann@example.com') =>
      svcInProcess(['members', 'add', '--owner-email', owner, '--email', email, '--role', role], env);
    for (const outcome of [
      await add('bob@example.com', 'owner'),
      await add('bob@example.com', 'editor', 'nobody@example.com'),
      await add('ann@example.com', 'viewer'),
    ]) {
      expect(outcome).toMatchObject({ code: 1, stdout: '' });
      expect(outcome.stderr).toMatch(/^svc: [^\n]+\n$/);
    }
    expect((await add('bob@example.com', 'owner')).stderr).toContain('admin, editor, contributor, viewer');
    expect((await add('ann@example.com', 'viewer')).stderr).toContain('already a member');
    const missing = await svcInProcess(
      ['members', 'add', '--owner-email', 'ann@example.com', '--email', 'b@example.com'],
      env,
    );
    expect(missing).toMatchObject({ code: 2, stderr: 'svc: --role is required.\n' });
    expect((await svcInProcess(['workspaces', 'list', '--email', 'nobody@example.com'], env)).code).toBe(1);
    expect((await svcInProcess(['members', 'list', '--email', 'nobody@example.com'], env)).code).toBe(1);
  });

  it('makes a key in a workspace the person is a member of, acting as them, and lists it with its workspace', async () => {
    const { env, annId } = await withOwner();
    const bob = await svcInProcess(
      [
        'members',
        'add',
        '--owner-email',
        'ann@example.com',
        '--email',
        'bob@example.com',
        '--role',
        'viewer',
      ],
      env,
    );
    const create = (email: string, workspace: string) =>
      svcInProcess(
        ['keys', 'create', '--email', email, '--workspace', workspace, '--scopes', 'post:read'],
        env,
      );
    const made = await create('bob@example.com', annId);
    expect(made.json).toMatchObject({
      id: expect.stringMatching(/^key_/),
      key: expect.stringMatching(/^svc_key_/),
      workspaceId: annId,
      scopes: ['post:read'],
    });
    const listed = await svcInProcess(['keys', 'list', '--email', 'bob@example.com'], env);
    expect(listed.json.keys).toEqual([expect.objectContaining({ id: made.json.id, workspaceId: annId })]);
    const own = ['keys', 'list', '--email', 'bob@example.com', '--workspace', bob.json.userId];
    expect((await svcInProcess(own, env)).json.keys).toEqual([]);
    // Ann's list is the keys she made: Bob's key in her workspace is his.
    expect((await svcInProcess(['keys', 'list', '--email', 'ann@example.com'], env)).json.keys).toEqual([]);
    await svcInProcess(['users', 'create', '--email', 'dee@example.com'], env);
    const stranger = await create('dee@example.com', annId);
    expect(stranger).toMatchObject({ code: 1, stdout: '' });
    expect(stranger.stderr).toMatch(/^svc: dee@example\.com is not a member of the workspace [^\n]+\n$/);
    expect((await svcInProcess(['keys', 'create', '--help'], {})).stdout).toContain('--workspace WSP_ID');
  });

  it('explains each command with --help', async () => {
    for (const command of [
      ['members', 'add'],
      ['members', 'list'],
      ['workspaces', 'list'],
    ]) {
      const help = await svcInProcess([...command, '--help'], {});
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^Usage: svc ${command.join(' ')} --`));
    }
    expect((await svcInProcess(['members', '--help'], {})).stdout).toContain('members add');
  });
  it('creates a team workspace owned by a person, listed after their personal one; refuses a bad name', async () => {
    const { env, annId } = await withOwner();
    const made = await svcInProcess(
      ['workspaces', 'create', '--email', 'ann@example.com', '--name', '  Bakery team '],
      env,
    );
    expect(made).toMatchObject({ code: 0, stderr: '' });
    expect(made.json).toEqual({
      id: expect.stringMatching(/^wsp_/),
      name: 'Bakery team',
      personal: false,
      role: 'owner',
    });
    const listed = await svcInProcess(['workspaces', 'list', '--email', 'ann@example.com'], env);
    expect(listed.json.workspaces.map((w: { id: string }) => w.id)).toEqual([annId, made.json.id]);
    const blank = await svcInProcess(
      ['workspaces', 'create', '--email', 'ann@example.com', '--name', 'x'.repeat(101)],
      env,
    );
    expect(blank.code).not.toBe(0);
    expect(blank.stderr).toMatch(/^svc: A workspace name has 1 to 100 characters\.\n$/);
    const nobody = await svcInProcess(
      ['workspaces', 'create', '--email', 'no@example.com', '--name', 'X'],
      env,
    );
    expect(nobody.code).not.toBe(0);
    expect(nobody.stderr).toMatch(/^svc: [^\n]+\n$/);
  });
});
