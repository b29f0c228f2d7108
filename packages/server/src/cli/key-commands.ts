import { type ApiKey, createApiKey, listApiKeys, revokeApiKey, SCOPES } from '@svc/core';
import { type CliCommand, printJson } from './cli-command.js';
import { integer, list, required, runUseCase, stringOptions } from './command-support.js';

const keyView = (key: ApiKey) => ({
  id: key.id,
  workspaceId: key.ownerId,
  name: key.name,
  scopes: key.scopes,
  accountIds: key.accountIds,
  createdAt: key.createdAt.toISOString(),
  expiresAt: key.expiresAt?.toISOString() ?? null,
  revokedAt: key.revokedAt?.toISOString() ?? null,
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
});

/** `svc keys create`. */
export const keysCreate: CliCommand = {
  name: 'keys create',
  summary: 'Create an API key (shown once)',
  help: `Usage: svc keys create --email EMAIL --scopes S1,S2 [--workspace WSP_ID] [--accounts ID1,ID2] [--name NAME] [--expires-in-days N]
                       [--needs-approval]

Creates an API key and prints {"id", "key", "workspaceId", "scopes", "accountIds", "expiresAt"}.
The key is shown only here: it is stored as a hash and cannot be shown again.

The key acts as EMAIL in one workspace: their personal one, or with --workspace one they are a
member of, with their role there (a viewer's key only reads, whatever its scopes) and within
their account limit. Any member may be given a key; \`svc keys list\` shows each key's workspace.

Options:
  --email EMAIL          the person the key acts as
  --scopes S1,S2         comma-separated scopes: ${SCOPES.join(', ')}
  --workspace WSP_ID     the workspace the key acts in (default: EMAIL's personal workspace;
                         see \`svc workspaces list --email EMAIL\`)
  --accounts ID1,ID2     limit the key to these connected accounts (default: all of the workspace's)
  --name NAME            a label for the key
  --expires-in-days N    the key stops working after N days (default: never)
  --needs-approval       mark the key: a workspace whose approval policy is keys_marked makes it
                         save drafts and ask for approval instead of scheduling (docs/teams.md)`,
  options: {
    ...stringOptions('email', 'workspace', 'scopes', 'accounts', 'name', 'expires-in-days'),
    'needs-approval': { type: 'boolean' },
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const created = await runUseCase(io, (core) =>
      createApiKey(core, {
        email: required(values, 'email'),
        ...(typeof values.workspace === 'string' ? { workspaceId: values.workspace } : {}),
        scopes: list(required(values, 'scopes')),
        accountIds: values.accounts === undefined ? null : list(values.accounts),
        name: typeof values.name === 'string' ? values.name : null,
        expiresInDays: integer(values['expires-in-days'], 'expires-in-days'),
        needsApproval: values['needs-approval'] === true,
      }),
    );
    printJson(io, {
      id: created.record.id,
      key: created.key,
      workspaceId: created.record.ownerId,
      scopes: created.record.scopes,
      accountIds: created.record.accountIds,
      expiresAt: created.record.expiresAt?.toISOString() ?? null,
      ...(created.record.needsApproval === true ? { needsApproval: true } : {}),
    });
    return 0;
  },
};

/** `svc keys list`. */
export const keysList: CliCommand = {
  name: 'keys list',
  summary: "List a user's API keys (never the secrets)",
  help: `Usage: svc keys list --email EMAIL [--workspace WSP_ID]

Prints {"keys": [...]} with every key the user made, revoked ones included: their personal
workspace's first, then each workspace they are a member of (only WSP_ID's with --workspace),
oldest first within each. Each key has id, workspaceId (the workspace it acts in), name,
scopes, accountIds, createdAt, expiresAt, revokedAt and lastUsedAt: when it last
authenticated a call (to the minute; null when never).`,
  options: stringOptions('email', 'workspace'),
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const workspaceId = typeof values.workspace === 'string' ? values.workspace : undefined;
    const keys = await runUseCase(io, (core) => listApiKeys(core, required(values, 'email'), workspaceId));
    printJson(io, { keys: keys.map(keyView) });
    return 0;
  },
};

/** `svc keys revoke`. */
export const keysRevoke: CliCommand = {
  name: 'keys revoke',
  summary: 'Revoke an API key',
  help: `Usage: svc keys revoke KEY_ID

Revokes the key at once and prints {"id", "revokedAt"}. Revoking a revoked key keeps its first
revocation time.`,
  options: {},
  positionals: { min: 1, max: 1 },
  async run({ positionals }, io) {
    const key = await runUseCase(io, (core) => revokeApiKey(core, positionals[0] ?? ''));
    printJson(io, { id: key.id, revokedAt: key.revokedAt?.toISOString() ?? null });
    return 0;
  },
};
