import { describe, expect, it } from 'vitest';
import { MUSIC_CONTENT_SECURITY_POLICY } from '../src/web/routes';
import type { TestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';
import { useWebDistStandIn } from './support/web-dist';

const servers = useTestServers();

/** A stand-in for apps/web/dist: each HTML entry says which it is, so a test sees which file was answered. */
const webDist = useWebDistStandIn({
  'index.html': '<!doctype html><title>dashboard</title>',
  'music.html': '<!doctype html><title>music</title>',
  'assets/music-abc123.js': 'export {};',
});

async function get(server: TestServer, pathAndQuery: string) {
  const response = await fetch(new URL(pathAndQuery, server.url), { redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('the music page', () => {
  it('answers /{name}-music for names of letters, digits and dashes with music.html', async () => {
    const server = await servers.start({ webDistDir: webDist.dir });
    for (const address of ['/ada-music', '/Ada-Lovelace-2-music', '/zo%C3%AB-music', '/42-music', '/ada-music?x=1']) {
      const page = await get(server, address);
      expect(page.status, address).toBe(200);
      expect(page.text, address).toContain('<title>music</title>');
    }
  });

  it('allows only its own script and styles, no inline code, no HTML from strings, no framing', async () => {
    const server = await servers.start({ webDistDir: webDist.dir });
    const { headers } = await get(server, '/ada-music');
    expect(headers.get('content-security-policy')).toBe(MUSIC_CONTENT_SECURITY_POLICY);
    const directives = MUSIC_CONTENT_SECURITY_POLICY.split('; ');
    expect(directives).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "frame-ancestors 'none'",
        "require-trusted-types-for 'script'",
      ]),
    );
    expect(MUSIC_CONTENT_SECURITY_POLICY).not.toContain('unsafe-');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('cache-control')).toBe('no-cache');
  });

  it('leaves every other address to the dashboard, with the dashboard’s policy', async () => {
    const server = await servers.start({ webDistDir: webDist.dir });
    for (const address of [
      '/music',
      '/-music',
      '/ada_music',
      '/ada-music/',
      '/ada-musics',
      '/games/ada-music',
      '/%3Cb%3Ex%3C%2Fb%3E-music',
      '/ada%20lovelace-music',
    ]) {
      const page = await get(server, address);
      expect(page.text, address).not.toContain('<title>music</title>');
      expect(page.headers.get('content-security-policy'), address).not.toBe(MUSIC_CONTENT_SECURITY_POLICY);
      expect(page.headers.get('content-security-policy'), address).toContain("script-src 'self'");
      expect(page.headers.get('content-security-policy'), address).toContain("style-src 'self' 'unsafe-inline'");
    }
    expect((await get(server, '/ada_music')).text).toContain('<title>dashboard</title>');
  });

  it('caches the bundles it loads for a year', async () => {
    const server = await servers.start({ webDistDir: webDist.dir });
    const bundle = await get(server, '/assets/music-abc123.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
