import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { betterAuthGate, betterAuthStorages, createAuthStorageGate } from '../src/accounts/auth-storage';
import { signedInClient } from './support/accounts';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();
/** Node 20's AsyncLocalStorage says whether it is on in a field of its own. */
const enabled = (storage: object) => Reflect.get(storage, 'enabled') as boolean;
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('Better Auth’s storages are on only while a call into it runs (decision 049)', () => {
  it('keeps a storage on while any call is in flight and turns it off when the last one ends', async () => {
    const storage = new AsyncLocalStorage<string>();
    const gated = createAuthStorageGate(() => Promise.resolve([storage]));
    let endFirst!: () => void;
    const firstMayEnd = new Promise<void>((resolve) => (endFirst = resolve));
    const seen: (string | undefined)[] = [];
    const first = gated(() => storage.run('first', () => firstMayEnd));
    const second = gated(() =>
      storage.run('second', async () => {
        await tick();
        endFirst();
        await first;
        // The first call ended while this one was still running: its store is still there after more awaits.
        await tick();
        seen.push(storage.getStore());
      }),
    );
    await Promise.all([first, second]);
    expect(seen).toEqual(['second']);
    expect(enabled(storage)).toBe(false);
    expect(storage.getStore()).toBeUndefined();
    // A later call turns it on again.
    await gated(() => storage.run('third', async () => void seen.push((await tick(), storage.getStore()))));
    expect(seen).toEqual(['second', 'third']);
    expect(enabled(storage)).toBe(false);
  });

  it('turns it off after a call that fails too', async () => {
    const storage = new AsyncLocalStorage<string>();
    const gated = createAuthStorageGate(() => Promise.resolve([storage]));
    await expect(gated(() => storage.run('x', () => Promise.reject(new Error('refused'))))).rejects.toThrow('refused');
    expect(enabled(storage)).toBe(false);
  });

  it('leaves Better Auth’s storages off after a sign-up, a sign-in and session reads through the app', async () => {
    const server = await servers.start();
    const client = await signedInClient(server, 'storages@example.com');
    const me = await server.app.request('/api/me', { headers: { cookie: client.cookieHeader() } });
    expect(me.status).toBe(200);
    const storages = await betterAuthStorages();
    expect(storages).toHaveLength(3);
    for (const storage of storages) expect(enabled(storage)).toBe(false);
  });

  it('counts every auth instance of the process in one gate: one server’s calls end, another’s keep their storages', async () => {
    const [one, two] = [await servers.start(), await servers.start()];
    const client = await signedInClient(one, 'two-gates@example.com');
    const storages = await betterAuthStorages();
    // A call of another instance, held in flight while this server signs in and reads sessions.
    let release!: () => void;
    const held = betterAuthGate(() => new Promise<void>((resolve) => (release = resolve)));
    await signedInClient(two, 'two-gates-other@example.com');
    const me = await one.app.request('/api/me', { headers: { cookie: client.cookieHeader() } });
    expect(me.status).toBe(200);
    for (const storage of storages) expect(enabled(storage)).toBe(true);
    release();
    await held;
    for (const storage of storages) expect(enabled(storage)).toBe(false);
  });
});
