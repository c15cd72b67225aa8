import type { OpenAPIHono } from '@hono/zod-openapi';
import type { RuntimeGame } from '../runtime-games';
import type { PlayerTokenClaims } from '../tokens';

/** What the area's auth leaves on a request: the token's claims (player calls) and the game. */
export type RuntimeEnv = { Variables: { player: PlayerTokenClaims; game: RuntimeGame } };

/** The `/v1` app every runtime route module registers its routes on. */
export type RuntimeApp = OpenAPIHono<RuntimeEnv>;
