import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useBrowserAndApp } from './support/lifecycle';

const handles = useBrowserAndApp();
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

/** The first visit's JavaScript budget: what a browser downloads for /login, gzip. */
const LOGIN_JS_BUDGET_BYTES = 100 * 1024;

describe('the first visit', () => {
  it('downloads at most 100 KB of gzip JavaScript to show the login card', async () => {
    const context = await handles.browser.newContext();
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(new URL('/login', handles.app.url).toString(), { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();

    // Each script as a gzip client receives it: the .gz the build wrote beside it, which the server sends.
    let gzip = 0;
    const sizes: string[] = [];
    for (const script of [...scripts].sort()) {
      const file = path.join(dist, script);
      const bytes = await readFile(`${file}.gz`).catch(async () => gzipSync(await readFile(file)));
      gzip += bytes.length;
      sizes.push(`${script} ${(bytes.length / 1024).toFixed(1)} KiB`);
    }
    console.log(`/login loads ${scripts.size} scripts, ${(gzip / 1024).toFixed(1)} KiB gzip:\n${sizes.join('\n')}`);
    expect(scripts.size).toBeGreaterThan(0);
    expect(gzip).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
    await context.close();
  });
});
