import { listConnections, PLATFORMS } from '@svc/core';
import { z } from 'zod';
import { defineListTool } from './define-list-tool.js';

/** `svc_list_profiles`: profile ids with platform and handle, to pick targets for scheduling. */
export const listProfilesTool = defineListTool({
  name: 'svc_list_profiles',
  title: 'List profiles',
  description:
    'Lists the profile ids you can post to, with platform and handle. Call it before svc_schedule_post to choose profile_ids.',
  scope: 'account:read',
  action: 'account:read',
  key: 'profiles',
  row: z.object({ id: z.string(), platform: z.enum(PLATFORMS), handle: z.string() }),
  rows: ({ deps, actor }) =>
    listConnections(deps.core, actor).map((accounts) =>
      accounts.map((a) => ({ id: a.id, platform: a.platform, handle: a.handle })),
    ),
  summary: (profiles) =>
    profiles.length === 0
      ? 'No connected profiles. Connect an account in the app first.'
      : `${profiles.length} profile(s): ${profiles.map((p) => `${p.platform} @${p.handle} (${p.id})`).join(', ')}.`,
});
