import { describe, expect, it } from 'vitest';

import { AUTH_MESSAGES } from '@liveops/domain';
import { useBrowserAndApp } from './support/lifecycle';

const setup = useBrowserAndApp();

describe('a server without Google credentials', () => {
  it('keeps the Google button and answers it with a clear message', async () => {
    const page = await setup.browser.newPage();
    await page.goto(`${setup.app.url}/login`);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.getByText(AUTH_MESSAGES.googleNotConfigured).waitFor();
    expect(page.url()).toBe(`${setup.app.url}/login`);
  });

  it('serves client routes through the history fallback and unknown paths as a not-found page', async () => {
    const response = await fetch(`${setup.app.url}/verified?token=abc`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await setup.browser.newPage();
    await page.goto(`${setup.app.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });
});
