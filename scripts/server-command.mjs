// How the built server is started: the run command (package.json "serve"), the benches and the browser tests share
// it, so that what is measured and tested is what a host runs (decision 050).

/**
 * Node's flags for the server. A young generation of 2 × 32 MB instead of Node's 2 × 16 MB: the player runtime's
 * requests allocate ~80 KB each, and with the default size a server under load spends ~8 % of its time in young
 * collections and promotes more short-lived objects to the old generation (decision 050 has the measurements).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

/** The built server, from the repository's root. */
export const SERVER_ENTRY = 'apps/server/dist/main.js';

/** The arguments to give `node` (process.execPath) to start the built server. */
export const SERVER_ARGS = [...SERVER_NODE_FLAGS, SERVER_ENTRY];
