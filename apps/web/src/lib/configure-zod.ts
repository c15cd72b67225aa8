import * as z from 'zod/mini';

// The pages' Content-Security-Policy allows no eval, so zod's compiled fast path cannot run; without this, zod
// probes for it with Function() as each object schema is built, and the browser reports a CSP violation. Imported
// first by main.tsx, so it runs before any schema module. zod keeps the setting on globalThis, so it holds for
// classic zod and for the sign-in pages' zod/mini (its own copy: see vite.config.ts) alike.
z.config({ jitless: true });
