import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/** What the gate needs of an AsyncLocalStorage. */
export type Disableable = { disable: () => void };

/** Better Auth's own storages: its request state, its endpoint context and its transaction's adapter. */
export const betterAuthStorages = (): Promise<Disableable[]> =>
  Promise.all([
    getRequestStateAsyncLocalStorage(),
    getCurrentAuthContextAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]);

/**
 * Runs calls into Better Auth with its AsyncLocalStorage instances on only while one is in flight (decision 049).
 * On Node 20 an enabled AsyncLocalStorage runs async hooks at every promise of the process, Better Auth's or not: a
 * tenth of a player's claim's CPU. `run()` turns an instance on when a call starts, and the last call in flight to
 * end turns them off again. Better Auth reads them only within its calls (it awaits its background tasks unless
 * `advanced.backgroundTasks` is set, which this server does not), so every call into it must go through the gate.
 */
export function createAuthStorageGate(storages: () => Promise<Disableable[]>) {
  let known: Disableable[] | undefined;
  let inFlight = 0;
  return async <T>(call: () => Promise<T>): Promise<T> => {
    known ??= await storages();
    inFlight++;
    try {
      return await call();
    } finally {
      if (--inFlight === 0) for (const storage of known) storage.disable();
    }
  };
}

/**
 * The one gate of this process: Better Auth's storages are the process's (kept on `globalThis`), so every auth
 * instance in it (tests run two servers in one process) counts its calls in the same gate, or one instance's last
 * call would turn them off under another's.
 */
export const betterAuthGate = createAuthStorageGate(betterAuthStorages);
