import { EMBED_HOST_SOURCE, EMBED_INIT_TYPE, PUBLISHED_INIT_FUNCTION } from '@liveops/domain/published';

/**
 * The global `cbInit` from the page's first script on (decision 022). A native game calls it when its web view
 * says the page has finished loading, which in WebKit comes before the page's own script runs after the first
 * paint (decision 021): until then this one keeps each message that is a CB_INIT by its source and type (at
 * most EARLY_INIT_MAX, the latest), and the page's script, as it starts, checks them in full and shows the
 * latest valid one (takeEarlyInit in host-bridge.ts, main.tsx).
 */
export type EarlyInit = ((message: unknown) => boolean) & { pending: unknown[] };

export const EARLY_INIT_MAX = 16;

/** A host's message, an object or its JSON, that names itself a CB_INIT; anything else is refused at once. */
function looksLikeInit(message: unknown): boolean {
  let value = message;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return false;
    }
  }
  if (typeof value !== 'object' || value === null) return false;
  const { source, type } = value as { source?: unknown; type?: unknown };
  return source === EMBED_HOST_SOURCE && type === EMBED_INIT_TYPE;
}

/** Defines the early `cbInit` on `view`, unless the page's script already listens. */
export function installEarlyInit(view: Window): void {
  const win = view as unknown as Record<string, unknown>;
  if (typeof win[PUBLISHED_INIT_FUNCTION] === 'function') return;
  const pending: unknown[] = [];
  const early = ((message: unknown) => {
    if (!looksLikeInit(message)) return false;
    pending.push(message);
    if (pending.length > EARLY_INIT_MAX) pending.shift();
    return true;
  }) as EarlyInit;
  early.pending = pending;
  win[PUBLISHED_INIT_FUNCTION] = early;
}

/** What the early `cbInit` kept, oldest first (emptied), or nothing when there is none. */
export function takeEarlyInits(view: Window): unknown[] {
  const early = (view as unknown as Record<string, unknown>)[PUBLISHED_INIT_FUNCTION];
  if (typeof early !== 'function') return [];
  const { pending } = early as Partial<EarlyInit>;
  return Array.isArray(pending) ? pending.splice(0) : [];
}
