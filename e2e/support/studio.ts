import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signedInContext } from './accounts';
import type { RunningApp } from './app';

/** A signed-in browser session, to open contexts of any size and time zone as the same account. */
export type SignedInState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The session of a new, verified account (signedInContext's), without the context it was made in. */
export async function signedInState(browser: Browser, app: RunningApp, prefix: string): Promise<SignedInState> {
  const { context: made } = await signedInContext(browser, app, prefix);
  const state = await made.storageState();
  await made.close();
  return state;
}

/** A call of the studio's API as the context's account (its cookies), answering the parsed body. */
export type StudioSend = (method: 'POST' | 'PATCH' | 'GET', path: string, body?: unknown) => Promise<unknown>;

/**
 * Calls the app's API through the context, throwing on a refusal; a streamed answer (NDJSON, as a publish sends)
 * answers its last line.
 */
export function sender(context: BrowserContext, app: RunningApp): StudioSend {
  return async (method, path, body) => {
    const response = await context.request.fetch(`${app.url}${path}`, {
      method,
      ...(body === undefined ? {} : { data: body }),
      headers: { origin: app.url },
    });
    if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    const text = await response.text();
    return text ? (JSON.parse(text.split('\n').filter(Boolean).at(-1) ?? 'null') as unknown) : null;
  };
}

/** The page's console errors (a CSP violation is one) and uncaught exceptions from now on, to expect none. */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
