import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, defineConfig, type Plugin, type Rolldown, runnerImport, type UserConfig } from 'vite';

/**
 * The published daily-rewards page (decision 017): published.html and src/published, built after the
 * dashboard (npm run build) into ONE self-contained file, dist/packs/daily_rewards/daily_rewards.html, that a
 * game's web view opens from the product, storage, a CDN or a file beside its config.json. React is compiled to
 * preact/compat, which the renderer's React function components run on unchanged; the script and styles are
 * inlined, and a Content-Security-Policy meta tag allows exactly them by hash wherever the file is served from.
 */
const OUTPUT = 'packs/daily_rewards/daily_rewards.html';
const ENTRY = 'published.html';
/** The page's first script (decision 021): runs the page's script, held in a data block, when it is time. */
const PREPAINT_ENTRY = 'src/published/prepaint.ts';
/** PUBLISHED_MAIN_SCRIPT_ID: this config cannot import the TypeScript package (a browser test holds them equal). */
const MAIN_SCRIPT_ID = 'cb-main';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The page's own CSP, carried in the file: no requests but its config.json (connect-src 'self'; the server adds
 * PUBLIC_URL's origin when it publishes or serves the page, where a popup opened from popupUrl claims, decision
 * 036), the config's images (any http(s) or data: image: the config names them, the renderer refuses any other
 * source) and its inline scripts and stylesheet. frame-ancestors cannot be set from a meta tag, and the server
 * sends none (decision 022).
 */
function contentSecurityPolicy(scripts: string[], styles: string[]): string {
  return [
    "default-src 'none'",
    `script-src ${scripts.map(sha256).join(' ')}`,
    `style-src ${styles.map(sha256).join(' ')}`,
    'img-src http: https: data:',
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * The renderer's stylesheet, read through Vite itself (this config cannot import the TypeScript package). The
 * page carries it in its head, as every host of the renderer does: the page's script has no copy of it, and a
 * popup publishing prerendered (decision 021) paints with it before that script runs.
 */
async function viewsCss(root: string): Promise<string> {
  const { module } = await runnerImport<{ VIEWS_CSS: string }>('@liveops/views', {
    root,
    configFile: false,
    logLevel: 'error',
  });
  return module.VIEWS_CSS;
}

/** A classic script's text: the code wrapped in a function (its top-level names stay its own), never `</script`. */
const classicScript = (code: string) => `(function(){"use strict";${code.replace(/<\/script/gi, '<\\/script')}})();`;

/** prepaint.ts, built on its own into one script with the page's own settings. */
async function prepaintScript(root: string, shared: UserConfig): Promise<string> {
  const result = await build({
    ...shared,
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      ...shared.build,
      write: false,
      emptyOutDir: false,
      rolldownOptions: { input: path.resolve(root, PREPAINT_ENTRY) },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((file) => file.type === 'chunk');
  if (chunks.length !== 1 || chunks[0]!.imports.length || chunks[0]!.dynamicImports.length) {
    throw new Error(`${PREPAINT_ENTRY} must build into one script without imports`);
  }
  return classicScript(chunks[0]!.code);
}

/**
 * Inlines the entry's one script, and its stylesheet with the renderer's, into the HTML, adds the CSP and writes
 * it as OUTPUT. The script sits in a data block that the page's first script (PREPAINT_ENTRY, built here too) runs
 * when it is time. Fails the build if anything else would be written beside it.
 */
function singleFile(root: string, shared: UserConfig): Plugin {
  return {
    name: 'liveops:published-single-file',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const html = bundle[ENTRY];
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const styles = Object.values(bundle).filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'));
      if (html?.type !== 'asset' || chunks.length !== 1 || styles.length > 1) {
        this.error(`expected ${ENTRY}, one script and at most one stylesheet, got ${Object.keys(bundle).join(', ')}`);
      }
      const chunk = chunks[0]!;
      if (chunk.type !== 'chunk' || chunk.imports.length || chunk.dynamicImports.length) {
        this.error('the published page must be one script without imports');
      }
      const script = classicScript(chunk.code);
      const prepaint = await prepaintScript(root, shared);
      const own = styles[0]?.type === 'asset' ? String(styles[0].source) : '';
      const css = `${await viewsCss(root)}\n${own}`.replace(/<\/style/gi, '<\\/style');
      const policy = contentSecurityPolicy([prepaint, script], [css]);
      // Replaced by functions: a string replacement would read the script's own `$&` and `$'` as patterns.
      const page = String(html.source)
        .replace(/\s*<script type="module"[^>]*><\/script>/, () => '')
        .replace(/\s*<link rel="stylesheet"[^>]*>/, () => '')
        .replace(
          '<meta charset="UTF-8" />',
          () => `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`,
        )
        .replace('</head>', () => `  <style>${css}</style>\n  </head>`)
        .replace(
          '</body>',
          () =>
            `  <script type="text/plain" id="${MAIN_SCRIPT_ID}">${script}</script>\n` +
            `    <script>${prepaint}</script>\n  </body>`,
        );
      if (/<(?:script|link|img)[^>]*\s(?:src|href)="(?!data:)/i.test(page)) {
        this.error('the published page would load a file');
      }
      for (const fileName of Object.keys(bundle)) delete bundle[fileName];
      this.emitFile({ type: 'asset', fileName: OUTPUT, source: page });
    },
  };
}

/** What the page's script and its first script are both built with. */
const sharedConfig = (mode: string): UserConfig => ({
  // The renderer runs on preact/compat here: React's runtime alone is beyond the page's 30 KB.
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
    ],
  },
  define: { 'process.env.NODE_ENV': JSON.stringify(mode === 'development' ? 'development' : 'production') },
  // Nothing from public/: the page is one file.
  publicDir: false,
  build: {
    // Game web views lag browsers: Safari 14 (iOS 14) and Chrome 87 and later.
    target: ['es2020', 'safari14', 'chrome87'],
    cssTarget: ['safari14', 'chrome87'],
    modulePreload: false,
    sourcemap: false,
    reportCompressedSize: false,
  },
});

export default defineConfig(({ mode }) => {
  const shared = sharedConfig(mode);
  return {
    ...shared,
    plugins: [singleFile(import.meta.dirname, shared)],
    build: {
      ...shared.build,
      outDir: 'dist',
      // Written after the dashboard's build, into the same dist.
      emptyOutDir: false,
      rolldownOptions: { input: { published: path.resolve(import.meta.dirname, ENTRY) } },
    },
  };
});
