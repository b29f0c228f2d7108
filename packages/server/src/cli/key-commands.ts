import { type ApiKey, createApiKey, listApiKeys, revokeApiKey, SCOPES } from '@svc/core';
import { type CliCommand, printJson } from './cli-command.js';
import { integer, list, orFail, required, withServices } from './command-support.js';

const keyView = (key: ApiKey) => ({
  id: key.id,
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
  help: `Usage: svc keys create --email EMAIL --scopes S1,S2 [--accounts ID1,ID2] [--name NAME] [--expires-in-days N]
                       [--needs-approval]

Creates an API key and prints {"id", "key", "scopes", "accountIds"}. The key is shown only
here: it is stored as a hash and cannot be shown again.

Options:
  --email EMAIL          the user the key belongs to
  --scopes S1,S2         comma-separated scopes: ${SCOPES.join(', ')}
  --accounts ID1,ID2     limit the key to these connected accounts (default: all of the user's)
  --name NAME            a label for the key
  --expires-in-days N    the key stops working after N days (default: never)
  --needs-approval       mark the key: a workspace whose approval policy is keys_marked makes it
                         save drafts and ask for approval instead of scheduling (docs/teams.md)`,
  options: {
    'needs-approval': { type: 'boolean' },
    email: { type: 'string' },
    scopes: { type: 'string' },
    accounts: { type: 'string' },
    name: { type: 'string' },
    'expires-in-days': { type: 'string' },
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const created = await withServices(io, ({ core }) =>
      orFail(
        createApiKey(core, {
          email: required(values, 'email'),
          scopes: list(required(values, 'scopes')),
          accountIds: values.accounts === undefined ? null : list(values.accounts),
          name: typeof values.name === 'string' ? values.name : null,
          expiresInDays: integer(values['expires-in-days'], 'expires-in-days'),
          needsApproval: values['needs-approval'] === true,
        }),
      ),
    );
    printJson(io, {
      id: created.record.id,
      key: created.key,
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
  help: `Usage: svc keys list --email EMAIL

Prints {"keys": [...]} with every key of the user, revoked ones included, oldest first. Each
key has id, name, scopes, accountIds, createdAt, expiresAt, revokedAt and lastUsedAt: when it
last authenticated a call (to the minute; null when never).`,
  options: { email: { type: 'string' } },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const keys = await withServices(io, ({ core }) => orFail(listApiKeys(core, required(values, 'email'))));
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
    const key = await withServices(io, ({ core }) => orFail(revokeApiKey(core, positionals[0] ?? '')));
    printJson(io, { id: key.id, revokedAt: key.revokedAt?.toISOString() ?? null });
    return 0;
  },
};
