import { hc } from 'hono/client';
import type { App } from '@liveops/server';

/**
 * The server's /api routes, typed from its app by hono/client: a path the server does not declare does not
 * compile. Only the paths are taken from here (`apiPath`); requests go through apiFetch, which owns timeouts,
 * errors and credentials. A type-only import: no server code reaches the bundle.
 */
export const apiRoutes = hc<App>('/').api;
