// Bundles the API into dist/server.js: our TypeScript (and packages/domain) is
// compiled in, npm dependencies stay external and load from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const dependenciesOf = (file) =>
  Object.keys(JSON.parse(readFileSync(new URL(file, import.meta.url))).dependencies ?? {});

await build({
  entryPoints: { server: 'src/server.ts' },
  absWorkingDir: new URL('.', import.meta.url).pathname,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // @comanda/domain ships TypeScript sources: it must be compiled in, never left external.
  external: [
    ...dependenciesOf('./package.json'),
    ...dependenciesOf('../../packages/domain/package.json'),
  ].filter((name) => name !== '@comanda/domain'),
  // ESM output still meets CommonJS-only code paths in some dependencies.
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
