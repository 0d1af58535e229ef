// Bundles the server with its workspace packages (TypeScript source) into
// dist/; packages from npm stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@storyhouse/') ? undefined : { external: true }));
      },
    },
  ],
});
