import { packageBuild } from '../../tsup.shared.js';

export default packageBuild(
  {
    index: 'src/index.ts',
    'policy/index': 'src/policy/index.ts',
    'testing/index': 'src/testing/index.ts',
    'node/index': 'src/node/index.ts',
  },
  // The testing subpath imports vitest; whoever uses it brings their own.
  { external: ['vitest'] },
);
