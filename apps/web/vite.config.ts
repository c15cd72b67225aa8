import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/;

/**
 * Writes file.br and file.gz beside every text file of the build, at the highest levels (once, at build time), so
 * the server answers with a compressed file and never compresses per request. A variant that would not be
 * smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'liveops:precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          const variants = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }).then((data) => ({ extension: '.br', data })),
            gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }).then((data) => ({ extension: '.gz', data })),
          ]);
          await Promise.all(
            variants
              .filter(({ data }) => data.length < source.length)
              .map(({ extension, data }) => writeFile(file + extension, data)),
          );
        }),
      );
    },
  };
}

/**
 * Source maps are not published: WEB_SOURCEMAP=hidden writes them beside the bundles for an error tracker, with
 * no reference from the bundles, and the server never serves *.map.
 */
function sourcemap(): boolean | 'hidden' {
  const value = process.env.WEB_SOURCEMAP ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'hidden') return 'hidden';
  throw new Error(`WEB_SOURCEMAP must be "hidden" or unset, not "${value}"`);
}

/**
 * zod/mini and classic zod are built on one core. Bundled together, that core keeps every part classic zod uses,
 * and the sign-in pages, which use only zod/mini (`@liveops/domain/auth`), would load all of it: about 9 KB
 * gzip of their 100 KB budget. Resolving zod/mini to the TypeScript sources the zod package ships gives it a
 * core of its own, tree-shaken to what zod/mini uses. zod keeps its configuration on globalThis, so
 * configure-zod's setting holds for both copies; the signed-in app carries a few KB of the second copy.
 */
function zodMiniOwnCore(): { find: RegExp; replacement: string } {
  const zodDir = path.dirname(createRequire(import.meta.url).resolve('zod/package.json'));
  return { find: /^zod\/mini$/, replacement: path.join(zodDir, 'src/v4/mini/index.ts') };
}

/**
 * Pages with an HTML entry of their own, so none of them loads the dashboard's code: the embed page (framed by
 * game hosts), the static /test mock and the music toy at /{name}-music. The server answers their paths with these
 * files (routes/web-app.ts); in development this plugin does the same.
 */
const PAGE_ENTRIES: Record<string, string> = {
  '/embed/daily_rewards': '/embed.html',
  '/embed/daily_rewards/': '/embed.html',
  '/test': '/test.html',
};
/** /{name}-music; the domain's isMusicPath is the server's rule, this config cannot import TypeScript packages. */
const MUSIC_PAGE = /^\/[^/.]+-music$/;

function pageEntries(): Plugin {
  return {
    name: 'liveops:page-entries',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [pathname = '', query] = (request.url ?? '').split('?', 2);
        const entry = PAGE_ENTRIES[pathname] ?? (MUSIC_PAGE.test(pathname) ? '/music.html' : undefined);
        if (entry) request.url = query === undefined ? entry : `${entry}?${query}`;
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), pageEntries()],
  server: {
    port: 5173,
    // In development the API runs on its own port (npm run dev starts both).
    proxy: { '/api': 'http://localhost:3000' },
  },
  resolve: { alias: [zodMiniOwnCore()] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: sourcemap(),
    rolldownOptions: {
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        embed: path.resolve(import.meta.dirname, 'embed.html'),
        test: path.resolve(import.meta.dirname, 'test.html'),
        music: path.resolve(import.meta.dirname, 'music.html'),
      },
    },
  },
});
