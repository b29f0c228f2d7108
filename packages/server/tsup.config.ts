import { packageBuild } from '../../tsup.shared.js';

// The CLI entry is a program, not an API: it gets no declarations.
export default packageBuild(
  { index: 'src/index.ts', svc: 'src/svc.ts' },
  { dts: { entry: { index: 'src/index.ts' } } },
);
