import { listConnections, PLATFORMS } from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { READ_ONLY } from './annotations.js';

const profileSchema = z.object({ id: z.string(), platform: z.enum(PLATFORMS), handle: z.string() });

/** `svc_list_profiles`: profile ids with platform and handle, to pick targets for scheduling. */
export const listProfilesTool = defineTool({
  name: 'svc_list_profiles',
  title: 'List profiles',
  description:
    'Lists the profile ids you can post to, with platform and handle. Call it before svc_schedule_post to choose profile_ids.',
  scope: 'account:read',
  action: 'account:read',
  annotations: READ_ONLY,
  input: z.strictObject({}),
  output: z.object({ profiles: z.array(profileSchema), count: z.number().int() }),
  async run({ deps, actor }) {
    return listConnections(deps.core, actor).map((accounts) => {
      const profiles = accounts.map((a) => ({ id: a.id, platform: a.platform, handle: a.handle }));
      return {
        structured: { profiles, count: profiles.length },
        summary:
          profiles.length === 0
            ? 'No connected profiles. Connect an account in the app first.'
            : `${profiles.length} profile(s): ${profiles.map((p) => `${p.platform} @${p.handle} (${p.id})`).join(', ')}.`,
      };
    });
  },
});
