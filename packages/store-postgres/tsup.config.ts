import { packageBuild } from '../../tsup.shared.js';

export default packageBuild(
  { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
  // The testing subpath imports vitest; whoever uses it brings their own.
  { external: ['vitest'] },
);
