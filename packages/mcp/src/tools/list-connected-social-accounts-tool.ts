import { listConnections, PLATFORMS } from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { READ_ONLY } from './annotations.js';

const accountSchema = z.object({
  id: z.string(),
  platform: z.enum(PLATFORMS),
  handle: z.string(),
  profileUrl: z.string(),
  profileImageUrl: z.string().nullable(),
  followerCount: z.number().int().nullable(),
  needsReconnect: z.boolean(),
  tokenExpiresAt: z.string().nullable(),
  connectedAt: z.string(),
});

/** `svc_list_connected_social_accounts`: every active account the key can see, without tokens. */
export const listConnectedSocialAccountsTool = defineTool({
  name: 'svc_list_connected_social_accounts',
  title: 'List connected social accounts',
  description:
    'Lists every active connected account: platform, handle, follower count and whether it needs reconnecting in the app before posts to it can publish. Never returns tokens.',
  scope: 'account:read',
  action: 'account:read',
  annotations: READ_ONLY,
  input: z.strictObject({}),
  output: z.object({ accounts: z.array(accountSchema), count: z.number().int() }),
  async run({ deps, actor }) {
    return listConnections(deps.core, actor).map((found) => {
      const accounts = found.map((a) => ({
        id: a.id,
        platform: a.platform,
        handle: a.handle,
        profileUrl: a.profileUrl,
        profileImageUrl: a.profileImageUrl,
        followerCount: a.followerCount,
        needsReconnect: a.needsReconnect,
        tokenExpiresAt: a.tokenExpiresAt?.toISOString() ?? null,
        connectedAt: a.connectedAt.toISOString(),
      }));
      const reconnect = accounts.filter((a) => a.needsReconnect);
      return {
        structured: { accounts, count: accounts.length },
        summary: `${accounts.length} connected account(s)${reconnect.length === 0 ? '' : `; needs reconnecting: ${reconnect.map((a) => `${a.platform} @${a.handle}`).join(', ')}`}.`,
      };
    });
  },
});
