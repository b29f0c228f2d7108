import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', svc: 'src/svc.ts' },
  format: ['esm'],
  target: 'node22',
  dts: { entry: { index: 'src/index.ts' } },
  sourcemap: true,
  clean: true,
  removeNodeProtocol: false,
});
