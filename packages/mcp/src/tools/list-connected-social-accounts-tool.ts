import { listConnections, PLATFORMS } from '@svc/core';
import { z } from 'zod';
import { defineListTool } from './define-list-tool.js';

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
export const listConnectedSocialAccountsTool = defineListTool({
  name: 'svc_list_connected_social_accounts',
  title: 'List connected social accounts',
  description:
    'Lists every active connected account: platform, handle, follower count and whether it needs reconnecting in the app before posts to it can publish. Never returns tokens.',
  scope: 'account:read',
  action: 'account:read',
  key: 'accounts',
  row: accountSchema,
  rows: ({ deps, actor }) =>
    listConnections(deps.core, actor).map((found) =>
      found.map((a) => ({
        id: a.id,
        platform: a.platform,
        handle: a.handle,
        profileUrl: a.profileUrl,
        profileImageUrl: a.profileImageUrl,
        followerCount: a.followerCount,
        needsReconnect: a.needsReconnect,
        tokenExpiresAt: a.tokenExpiresAt?.toISOString() ?? null,
        connectedAt: a.connectedAt.toISOString(),
      })),
    ),
  summary: (accounts) => {
    const reconnect = accounts.filter((a) => a.needsReconnect);
    return `${accounts.length} connected account(s)${reconnect.length === 0 ? '' : `; needs reconnecting: ${reconnect.map((a) => `${a.platform} @${a.handle}`).join(', ')}`}.`;
  },
});
