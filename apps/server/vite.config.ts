import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};

// The server is bundled into one file; npm dependencies stay external, workspace packages are inlined.
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@liveops/'));

export default defineConfig({
  build: {
    ssr: 'src/main.ts',
    outDir: 'dist',
    target: 'node20',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      external: (id) =>
        id.startsWith('node:') ||
        builtinModules.includes(id) ||
        external.some((name) => id === name || id.startsWith(`${name}/`)),
      output: { entryFileNames: 'main.js' },
    },
  },
  ssr: { noExternal: [/^@liveops\//] },
});
