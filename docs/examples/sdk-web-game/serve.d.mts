import type { Server } from 'node:http';

/** Starts the example's static server on `port` (0: any free one) and resolves with it and the example's address. */
export function startExampleServer(port?: number, host?: string): Promise<{ server: Server; url: string }>;
