import { createHash } from 'node:crypto';
import path from 'node:path';
import { defineConfig, type Plugin, runnerImport } from 'vite';

/**
 * The published daily-rewards page (issue 11, decision 017): published.html and src/published, built after the
 * dashboard (npm run build) into ONE self-contained file, dist/packs/daily_rewards/daily_rewards.html, that a
 * game's web view opens from the product, storage, a CDN or a file beside its config.json. React is compiled to
 * preact/compat, which the renderer's React function components run on unchanged; the script and styles are
 * inlined, and a Content-Security-Policy meta tag allows exactly them by hash wherever the file is served from.
 */
const OUTPUT = 'packs/daily_rewards/daily_rewards.html';
const ENTRY = 'published.html';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The page's own CSP, carried in the file: no requests but its config.json (connect-src 'self'), the config's
 * images (any http(s) or data: image: the config names them, the renderer refuses any other source) and its
 * inline script and styles. The renderer injects VIEWS_CSS in a <style> of its own at run time: its hash is
 * listed too. frame-ancestors cannot be set from a meta tag; the server's header adds it (web-app.ts).
 */
function contentSecurityPolicy(script: string, styles: string[]): string {
  return [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${styles.map(sha256).join(' ')}`,
    'img-src http: https: data:',
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The renderer's stylesheet, read through Vite itself: this config cannot import the TypeScript package. */
async function viewsCss(root: string): Promise<string> {
  const { module } = await runnerImport<{ VIEWS_CSS: string }>('@liveops/views', {
    root,
    configFile: false,
    logLevel: 'error',
  });
  return module.VIEWS_CSS;
}

/**
 * Inlines the entry's one script (wrapped in a function, as a classic script: no module loading, and its
 * top-level names stay its own) and one stylesheet into the HTML, adds the CSP and writes it as OUTPUT. Fails the
 * build if anything else would be written beside it.
 */
function singleFile(root: string): Plugin {
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
      const script = `(function(){"use strict";${chunk.code.replace(/<\/script/gi, '<\\/script')}})();`;
      const css = styles[0]?.type === 'asset' ? String(styles[0].source).replace(/<\/style/gi, '<\\/style') : '';
      const policy = contentSecurityPolicy(script, [css, await viewsCss(root)]);
      // Replaced by functions: a string replacement would read the script's own `$&` and `$'` as patterns.
      const page = String(html.source)
        .replace(/\s*<script type="module"[^>]*><\/script>/, () => '')
        .replace(/\s*<link rel="stylesheet"[^>]*>/, () => '')
        .replace(
          '<meta charset="UTF-8" />',
          () => `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`,
        )
        .replace('</head>', () => (css ? `  <style>${css}</style>\n  </head>` : '</head>'))
        .replace('</body>', () => `  <script>${script}</script>\n  </body>`);
      if (/<(?:script|link|img)[^>]*\s(?:src|href)="(?!data:)/i.test(page)) {
        this.error('the published page would load a file');
      }
      for (const fileName of Object.keys(bundle)) delete bundle[fileName];
      this.emitFile({ type: 'asset', fileName: OUTPUT, source: page });
    },
  };
}

export default defineConfig(({ mode }) => ({
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
  plugins: [singleFile(import.meta.dirname)],
  // Nothing from public/: the page is one file.
  publicDir: false,
  build: {
    outDir: 'dist',
    // Written after the dashboard's build, into the same dist.
    emptyOutDir: false,
    // Game web views lag browsers: Safari 14 (iOS 14) and Chrome 87 and later.
    target: ['es2020', 'safari14', 'chrome87'],
    cssTarget: ['safari14', 'chrome87'],
    modulePreload: false,
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: { input: { published: path.resolve(import.meta.dirname, ENTRY) } },
  },
}));
