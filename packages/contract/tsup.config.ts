import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'adapters/dict-dsl/index': 'src/adapters/dict-dsl/index.ts',
    'adapters/json-schema/index': 'src/adapters/json-schema/index.ts',
    'adapters/openapi/index': 'src/adapters/openapi/index.ts',
    'adapters/zod/index': 'src/adapters/zod/index.ts',
  },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  external: ['zod'],
});
