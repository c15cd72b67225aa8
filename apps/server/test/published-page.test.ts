import { createHash } from 'node:crypto';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_PAGE_PATH } from '@liveops/domain/published';
import type { Config } from '../src/env';
import {
  PUBLISHED_PAGE_FILE,
  publishedPageContentSecurityPolicy,
  publishedPageFor,
  readPublishedPageHtml,
  withRuntimeConnect,
} from '../src/releases/published-page';
import { useTestServers } from './support/use-test-servers';
import { useWebDistStandIn } from './support/web-dist';

const servers = useTestServers();

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const SCRIPT = '(function(){document.title="published"})();';
const STYLE = 'body{margin:0}';
/** A stand-in for the built page: its meta CSP lists its inline script and style, as the build writes it. */
const page = (title: string) =>
  `<!doctype html><html><head><meta charset="UTF-8" /><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src ${hash(SCRIPT)}; style-src ${hash(STYLE)} ${hash('.cb-view{}')}; img-src http: https: data:; connect-src 'self'" /><title>${title}</title><style>${STYLE}</style></head><body><script>${SCRIPT}</script></body></html>`;

const webDist = useWebDistStandIn({
  'index.html': '<!doctype html><title>dashboard</title>',
  [PUBLISHED_PAGE_FILE]: page('published'),
});
const pageFile = () => path.join(webDist.dir, PUBLISHED_PAGE_FILE);

describe('the published daily-rewards page', () => {
  it('is served at /packs/daily_rewards/daily_rewards.html, framed by any host, running only its own inline code', async () => {
    const server = await servers.start({ webDistDir: webDist.dir });
    const response = await fetch(new URL(PUBLISHED_PAGE_PATH, server.url), { headers: { 'accept-encoding': '' } });
    expect(response.status).toBe(200);
    // Exactly as built: only the pages publishing writes may claim at the runtime (decision 036).
    expect(await response.text()).toBe(page('published'));
    const headers = response.headers;
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = (headers.get('content-security-policy') ?? '').split('; ');
    // Any host frames it, a page opened from disk too: WebKit refuses every frame-ancestors source to those.
    expect(csp.join(' ')).not.toContain('frame-ancestors');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src ${hash(SCRIPT)}`);
    expect(csp).toContain(`style-src ${hash(STYLE)} ${hash('.cb-view{}')}`);
    expect(csp).toContain("connect-src 'self'");
    expect(csp.join(' ')).not.toContain('unsafe-inline');
    expect(headers.get('x-frame-options')).toBeNull();
    expect(headers.get('cross-origin-opener-policy')).toBeNull();
    expect(headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('cache-control')).toBe('no-cache');
  });

  it('answers compressed when asked, and 304 to a web view revalidating the copy it has', async () => {
    const server = await servers.start({ webDistDir: webDist.dir });
    const url = new URL(PUBLISHED_PAGE_PATH, server.url);
    const gzipped = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toBe('Accept-Encoding');
    // fetch decodes what it asked for: the header says what was sent.
    expect(await gzipped.text()).toContain('<title>published</title>');
    const brotli = await fetch(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(await brotli.text()).toContain('<title>published</title>');

    const etag = gzipped.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(url, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('serves a rebuilt page without a restart', async () => {
    const server = await servers.start({ webDistDir: webDist.dir });
    const url = new URL(PUBLISHED_PAGE_PATH, server.url);
    expect(await (await fetch(url)).text()).toContain('<title>published</title>');
    await writeFile(pageFile(), page('rebuilt'));
    const later = new Date(Date.now() + 5000);
    await utimes(pageFile(), later, later);
    expect(await (await fetch(url)).text()).toContain('<title>rebuilt</title>');
    await writeFile(pageFile(), page('published'));
  });

  it('answers 404 for anything else under /packs, not the dashboard', async () => {
    const server = await servers.start({ webDistDir: webDist.dir });
    for (const address of ['/packs/daily_rewards/config.json', '/packs/other.html', '/packs/']) {
      const response = await fetch(new URL(address, server.url));
      expect(response.status, address).toBe(404);
      expect(await response.text(), address).not.toContain('dashboard');
    }
  });

  it('answers 404 while the page is not built', async () => {
    const bare = await mkdtemp(path.join(tmpdir(), 'liveops-web-dist-'));
    await writeFile(path.join(bare, 'index.html'), '<!doctype html><title>dashboard</title>');
    const server = await servers.start({ webDistDir: bare });
    expect((await fetch(new URL(PUBLISHED_PAGE_PATH, server.url))).status).toBe(404);
    await rm(bare, { recursive: true, force: true });
  });
});

describe('readPublishedPageHtml', () => {
  it("reads the built page's bytes from the web build", async () => {
    expect((await readPublishedPageHtml({ webDistDir: webDist.dir })).toString()).toContain('<title>published</title>');
  });

  it("adds PUBLIC_URL's origin to the page's connect-src when given it, where the popup claims (decision 036)", async () => {
    const html = (
      await readPublishedPageHtml({ webDistDir: webDist.dir, publicUrl: 'https://liveops.example/base/' })
    ).toString();
    expect(html).toContain(`connect-src 'self' https://liveops.example"`);
    expect(html.replace(' https://liveops.example', '')).toBe(page('published'));
  });

  it('names the missing file when the web app is not built, and says when no build is known', async () => {
    await expect(readPublishedPageHtml({ webDistDir: '/nowhere' })).rejects.toThrow(
      `The published page is not built: ${path.join('/nowhere', PUBLISHED_PAGE_FILE)} is missing (run npm run build)`,
    );
    await expect(readPublishedPageHtml({ webDistDir: null })).rejects.toThrow(/WEB_DIST_DIR is not set/);
  });
});

describe('publishedPageContentSecurityPolicy', () => {
  it("takes images from https, data: and the asset stores' origins, and refuses a page without its hashes", () => {
    const csp = publishedPageContentSecurityPolicy(page('x'), {
      publicUrl: 'https://liveops.example/',
      s3: { publicUrl: 'http://minio.local:9000/assets' } as Config['s3'],
    });
    const images = csp.split('; ').find((directive) => directive.startsWith('img-src '));
    expect(images?.split(' ').slice(1).sort()).toEqual(
      ["'self'", 'data:', 'http://minio.local:9000', 'https:', 'https://liveops.example'].sort(),
    );
    expect(() =>
      publishedPageContentSecurityPolicy('<html><script>x</script></html>', {
        publicUrl: 'https://liveops.example',
        s3: null,
      }),
    ).toThrow(/no Content-Security-Policy meta tag/);
  });
});

describe('withRuntimeConnect', () => {
  it("adds the runtime's origin to the page's connect-src once, and leaves a page without one as it is", () => {
    const once = withRuntimeConnect(page('x'), 'http://localhost:3000/');
    expect(once).toContain(`connect-src 'self' http://localhost:3000"`);
    expect(withRuntimeConnect(once, 'http://localhost:3000')).toBe(once);
    expect(withRuntimeConnect('<p>no policy</p>', 'http://localhost:3000')).toBe('<p>no policy</p>');
  });

  it('gives the header the same connect-src as the page, and a page that says none only its own origin', () => {
    const config = { publicUrl: 'https://liveops.example', s3: null } as const;
    const connect = (html: string) =>
      publishedPageContentSecurityPolicy(html, config)
        .split('; ')
        .find((directive) => directive.startsWith('connect-src'));
    expect(connect(withRuntimeConnect(page('x'), 'https://api.example'))).toBe(
      "connect-src 'self' https://api.example",
    );
    expect(connect(page('x').replace("; connect-src 'self'", ''))).toBe("connect-src 'self'");
  });
});

describe('publishedPageFor (decision 021)', () => {
  const template = page('published').replace('<body>', '<body><div id="root"></div>');
  const config = {
    id: 'dr1',
    name: 'Week </script><script>alert(1)</script>',
    cycleDays: 5,
    rewards: [{ day: 1, packId: 'p' }],
    packs: [{ id: 'p', name: 'Chest', value: 1, amount: 10, iconId: 'coin' }],
    assets: [],
  };

  it('inlines the config (a `<` escaped, so nothing in it ends the block) and draws its popup, allowed by hash', () => {
    const json = JSON.stringify(config);
    const html = publishedPageFor(template, json);
    const inline = /<script type="application\/json" id="cb-config">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(inline!)).toEqual(config);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<div id="root" data-cycle-days="5"><div class="cb-view"');
    expect(html).toContain('Claim Reward');
    const css = /<style>(#cb-s[^<]*)<\/style>/.exec(html)![1]!;
    expect(css).toContain('#cb-s0{');
    const policy = /content="(default-src[^"]*)"/.exec(html)![1]!;
    expect(policy).toContain(`style-src ${hash(STYLE)} ${hash('.cb-view{}')} ${hash(css)};`);
    // The header the server sends for it carries the same allowance.
    expect(publishedPageContentSecurityPolicy(html, { publicUrl: 'http://x', s3: null } as never)).toContain(hash(css));
  });

  it('inlines a config the page would refuse without drawing it, so the page shows its error', () => {
    const html = publishedPageFor(template, JSON.stringify({ name: 5 }));
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="application/json" id="cb-config">{"name":5}</script>');
  });

  it('refuses a page that is not the built one', () => {
    expect(() => publishedPageFor('<!doctype html><p>hi</p>', '{}')).toThrow(/rebuild the web app/);
    expect(() => publishedPageFor(page('no root'), '{}')).toThrow(/rebuild the web app/);
  });
});
