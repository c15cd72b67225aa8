import { describe, expect, it } from 'vitest';
import { EMBED_PATH } from '@liveops/domain/popup';
import type { Config } from '../src/env';
import { embedContentSecurityPolicy } from '../src/web/routes';
import type { TestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';
import { useWebDistStandIn } from './support/web-dist';

const servers = useTestServers();

/** A stand-in for apps/web/dist: each HTML entry says which it is, so a test sees which file was answered. */
const webDist = useWebDistStandIn({
  'index.html': '<!doctype html><title>dashboard</title>',
  'embed.html': '<!doctype html><title>embed</title>',
  'test.html': '<!doctype html><title>test page</title>',
  'assets/embed-abc123.js': 'export {};',
});

async function get(server: TestServer, pathAndQuery: string) {
  const response = await fetch(new URL(pathAndQuery, server.url));
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function expectEmbedPolicy(headers: Headers) {
  const csp = headers.get('content-security-policy') ?? '';
  // Any host frames it, a page opened from disk too: WebKit refuses every frame-ancestors source to those.
  expect(csp).not.toContain('frame-ancestors');
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).toContain("form-action 'none'");
  expect(headers.get('x-frame-options')).toBeNull();
  expect(headers.get('cross-origin-opener-policy')).toBeNull();
  expect(headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('cache-control')).toBe('no-cache');
}

function expectDashboardPolicy(headers: Headers) {
  expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
}

describe('the embed area', () => {
  it('answers /embed/daily_rewards, with or without a trailing slash or a query, with embed.html any host may frame', async () => {
    const server = await servers.start({ webDistDir: webDist.dir });
    for (const address of [EMBED_PATH, `${EMBED_PATH}/`, `${EMBED_PATH}?config=e30&streak=2`]) {
      const page = await get(server, address);
      expect(page.status, address).toBe(200);
      expect(page.text, address).toContain('<title>embed</title>');
      expectEmbedPolicy(page.headers);
    }
  });

  it('answers /test with the static mock popup under the same policy', async () => {
    const server = await servers.start({ webDistDir: webDist.dir });
    const page = await get(server, '/test');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>test page</title>');
    expectEmbedPolicy(page.headers);
  });

  it('keeps the dashboard unframeable, also under other /embed paths', async () => {
    const server = await servers.start({ webDistDir: webDist.dir });
    for (const address of ['/', '/dashboard', '/dashboard/game/abc', '/embed/offers', '/embed.html']) {
      const page = await get(server, address);
      expect(page.status, address).toBe(200);
      expect(page.text, address).not.toContain('<title>test page</title>');
      expectDashboardPolicy(page.headers);
    }
    expect((await get(server, '/dashboard')).text).toContain('<title>dashboard</title>');
  });

  it('caches the hashed bundles the embed page loads for a year', async () => {
    const server = await servers.start({ webDistDir: webDist.dir });
    const bundle = await get(server, '/assets/embed-abc123.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("lets the embed page load images from any https origin and from the asset stores' own origins", () => {
    const csp = embedContentSecurityPolicy({
      publicUrl: 'https://liveops.example/',
      s3: { publicUrl: 'http://minio.local:9000/assets' } as Config['s3'],
    });
    const images = csp.split('; ').find((directive) => directive.startsWith('img-src '));
    expect(images?.split(' ').slice(1).sort()).toEqual(
      ["'self'", 'data:', 'http://minio.local:9000', 'https:', 'https://liveops.example'].sort(),
    );
  });
});
