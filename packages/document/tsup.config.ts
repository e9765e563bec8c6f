import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'pdf-worker': 'src/pdf/pdf-worker.mjs' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  sourcemap: true,
  clean: true,
  target: 'node20',
});
