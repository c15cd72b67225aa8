import { z } from 'zod';

// The pages' Content-Security-Policy allows no eval, so zod's compiled fast path cannot run; without this, zod
// probes for it with Function() as each object schema is built, and the browser reports a CSP violation. Imported
// first by main.tsx, so it runs before any schema module.
z.config({ jitless: true });
