import { packageBuild } from '../../tsup.shared.js';

// One entry per business area (its subpath; `deps` holds only types and is read from the root), the root
// that gathers them, and the Node and testing subpaths.
export default packageBuild(
  {
    index: 'src/index.ts',
    'accounts/index': 'src/accounts/index.ts',
    'analytics/index': 'src/analytics/index.ts',
    'approvals/index': 'src/approvals/index.ts',
    'automations/index': 'src/automations/index.ts',
    'billing/index': 'src/billing/index.ts',
    'bulk/index': 'src/bulk/index.ts',
    'identity/index': 'src/identity/index.ts',
    'journal/index': 'src/journal/index.ts',
    'kernel/index': 'src/kernel/index.ts',
    'limits/index': 'src/limits/index.ts',
    'listing/index': 'src/listing/index.ts',
    'media/index': 'src/media/index.ts',
    'notifications/index': 'src/notifications/index.ts',
    'policy/index': 'src/policy/index.ts',
    'posts/index': 'src/posts/index.ts',
    'publishing/index': 'src/publishing/index.ts',
    'queue/index': 'src/queue/index.ts',
    'roles/index': 'src/roles/index.ts',
    'surfaces/index': 'src/surfaces/index.ts',
    'second-factor/index': 'src/second-factor/index.ts',
    'teams/index': 'src/teams/index.ts',
    'vocabulary/index': 'src/vocabulary/index.ts',
    'webhooks/index': 'src/webhooks/index.ts',
    'testing/index': 'src/testing/index.ts',
    'node/index': 'src/node/index.ts',
  },
  // The testing subpath imports vitest; whoever uses it brings their own.
  { external: ['vitest'] },
);
