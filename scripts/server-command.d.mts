/** The types of scripts/server-command.mjs, for the browser tests and its test (apps/server/test/server-command.test.ts). */

/** Node's flags for the server (decision 050). */
export const SERVER_NODE_FLAGS: readonly string[];
/** The built server, from the repository's root. */
export const SERVER_ENTRY: string;
/** The arguments to give `node` to start the built server. */
export const SERVER_ARGS: readonly string[];
