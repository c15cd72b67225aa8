import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import { inspectRoutes } from 'hono/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Asset } from '@liveops/domain/assets';
import { DAILY_REWARD_MESSAGES, type DailyReward } from '@liveops/domain/daily-rewards';
import { GAME_MESSAGES, type Game } from '@liveops/domain/games';
import { INVENTORY_MESSAGES, type Item, type Pack } from '@liveops/domain/inventory';
import { TEST_PLAYER_MESSAGES, type TestPlayer } from '@liveops/domain/players';
import { decodePopupSession } from '@liveops/domain/popup';
import { PUBLISH_MESSAGES } from '@liveops/domain/releases';
import { RUNTIME_MESSAGES } from '@liveops/domain/runtime-api';
import { SEGMENT_MESSAGES, type Segment } from '@liveops/domain/segments';
import { API_MESSAGES } from '@liveops/domain/shared';
import * as schema from '../src/db/schema';
import { signPlayerId, signServerRequest } from '../src/runtime/tokens';
import { signedInClient } from './support/accounts';
import { readStandInPage } from './support/page-stand-in';
import { publishGame, TestClock } from './support/runtime';
import type { TestClient } from './support/test-client';
import { createTestDatabases, type TestDatabases } from './support/test-database';
import { UNLIMITED_BY_ADDRESS, startTestServer, type TestServer } from './support/test-server';
import { unverifiedClient } from './support/unverified-session';

/**
 * Every route the app serves, crossed with every caller who must not reach the first owner's data: nobody signed
 * in, a session whose email is unverified, and another verified owner holding the first owner's real ids. The
 * table below is checked against the app's own route table, so a new route cannot be added without an entry.
 *
 * The player runtime (/v1, decision 034) is crossed the same way with the callers who must not reach one player's
 * data: no token, the game owner's dashboard cookie, another player of the same game, a player of another owner's
 * game (who has the same player id), a popup token, and a game backend signing with another game's secret.
 */

/** The ids a request is built from: the first owner's, or (for bodies in the caller's own game) the caller's. */
type Ids = {
  gameId: string;
  itemId: string;
  packId: string;
  segmentId: string;
  assetId: string;
  dailyRewardId: string;
  version: string;
  /** The game's SDK key, for the runtime's sessions and server calls. */
  sdkKey: string;
  /** A test player of the game (decision 040). */
  testPlayerId: string;
  /** A player of the game, by the game's own id (the Players tab, decision 043). */
  playerId: string;
  /** A variant of the daily reward's running experiment (decision 046). */
  variantId: string;
  /** The studio that owns the game (decision 065). */
  studioId: string;
  /** A member of the studio (the owner), and an invitation to it still open. */
  memberId: string;
  invitationId: string;
};

/** How each path parameter is filled. A route with a parameter not named here fails the coverage test. */
const PARAMS: Record<string, keyof Ids> = {
  id: 'gameId',
  gameId: 'gameId',
  itemId: 'itemId',
  packId: 'packId',
  segmentId: 'segmentId',
  assetId: 'assetId',
  dailyRewardId: 'dailyRewardId',
  // A daily reward as the runtime names it (decision 034).
  configId: 'dailyRewardId',
  version: 'version',
  testPlayerId: 'testPlayerId',
  playerId: 'playerId',
  variantId: 'variantId',
  studioId: 'studioId',
  userId: 'memberId',
  invitationId: 'invitationId',
};

/** The first owner's game's player whose data the /v1 part guards; bob's game has a player of the same id. */
const ALICE_PLAYER = 'alice-player';

/** A request a public or own-account route is probed with; `jsonOf` for a body made of the games' own ids. */
type Probe = {
  path: string;
  method?: string;
  json?: unknown;
  jsonOf?: (ids: { alice: Ids; bob: Ids }) => unknown;
  query?: string;
};

/** The id of the last event a POST /v1/events of the matrix sent. */
let lastEventId = '';

type Entry =
  /** Open to anyone by design; probed by every caller all the same, for leaks and changes. */
  | { access: 'public'; why: string; probes: Probe[] }
  /** The caller's own account, found from the session alone (no id in the request): anonymous callers refused. */
  | { access: 'self'; why: string; probes: Probe[] }
  /** A verified user's own data, not tied to a game in the path: another owner gets their own answer. */
  | { access: 'verified'; body?: (ids: Ids) => unknown; form?: (ids: Ids) => FormData; otherOwner: number }
  /** Inside one game: another owner's ids answer exactly like missing ones. */
  | { access: 'game'; body?: (ids: Ids) => unknown; form?: (ids: Ids) => FormData; notFound: string }
  /** One record found by its id alone (no game in the path): another owner's id answers exactly like a missing one. */
  | { access: 'record'; body?: (ids: Ids) => unknown; form?: (ids: Ids) => FormData; notFound: string }
  /**
   * The runtime's routes of one player, found from the bearer token alone (decision 034). A popup token may only
   * claim its own config: 'refused' on the others.
   */
  | {
      access: 'player';
      why: string;
      query?: string;
      popup: 'refused' | 'its own config';
      /** The JSON body, for the config the request is about. */
      body?: (configId: string) => unknown;
    }
  /** The game backend's calls, signed with the game's server secret; the player is named in the body. */
  | { access: 'server'; why: string };

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
function pngForm(name: string, assetId: string): FormData {
  const data = new FormData();
  data.set('name', name);
  data.set('assetId', assetId);
  data.set('file', new Blob([PNG], { type: 'image/png' }), 'art.png');
  return data;
}

const itemBody = (ids: Ids) => ({
  name: 'Matrix Gold',
  type: 'currency',
  value: 1.25,
  baseAmount: 10,
  assetRefId: ids.assetId,
});
const weekOf = (packId: string) => Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId }));
const packBody = (ids: Ids) => ({ name: 'Matrix Pack', contents: [{ itemId: ids.itemId, quantity: 2 }] });
const gameBody = { name: 'Matrix Game', description: 'made by the matrix', platforms: ['Web'] };
const MATRIX_VARIANTS = [
  { id: 'a', name: 'Matrix A', weight: 1 },
  { id: 'b', name: 'Matrix B', weight: 0 },
];

const MATRIX: Record<string, Entry> = {
  'POST /api/auth/sign-up/email': {
    access: 'public',
    why: 'anyone may create an account; trying the first owner’s email must neither reveal nor change it',
    probes: [
      { path: '/api/auth/sign-up/email', json: { email: 'alice-matrix@studio.test', password: 'another pw 1' } },
    ],
  },
  'POST /api/auth/sign-in/email': {
    access: 'public',
    why: 'signing in is how a session starts; a wrong password for the first owner must change nothing',
    probes: [{ path: '/api/auth/sign-in/email', json: { email: 'alice-matrix@studio.test', password: 'wrong pw 1' } }],
  },
  'POST /api/auth/send-verification-email': {
    access: 'public',
    why: 'a signed-out visitor asks for a new link; the answer must not say whether the account exists',
    probes: [{ path: '/api/auth/send-verification-email', json: { email: 'alice-matrix@studio.test' } }],
  },
  'POST /api/auth/sign-in/social': {
    access: 'public',
    why: 'starts Google sign-in for a signed-out visitor (refused here: Google is not configured)',
    probes: [{ path: '/api/auth/sign-in/social', json: { provider: 'google' } }],
  },
  'GET /api/auth/verify-email': {
    access: 'public',
    why: 'the emailed link is opened signed out; the signed token is the credential',
    probes: [{ path: '/api/auth/verify-email', query: 'token=not-a-token' }],
  },
  'POST /api/auth/redeem-verification': {
    access: 'public',
    why: 'what /verified calls with the emailed token: the signed token is the credential, as for verify-email',
    probes: [{ path: '/api/auth/redeem-verification', json: { token: 'not-a-token' } }],
  },
  'POST /api/auth/request-password-reset': {
    access: 'public',
    why: 'a signed-out visitor asks for a reset link; the answer must not say whether the account exists',
    probes: [{ path: '/api/auth/request-password-reset', json: { email: 'alice-matrix@studio.test' } }],
  },
  'POST /api/auth/reset-link-status': {
    access: 'public',
    why: 'what /reset-password asks with the emailed token: the unguessable token is the credential',
    probes: [{ path: '/api/auth/reset-link-status', json: { token: 'not-a-reset-token' } }],
  },
  'POST /api/auth/reset-password': {
    access: 'public',
    why: 'sets a new password from the emailed link, signed out: the token alone names the account it resets',
    probes: [
      { path: '/api/auth/reset-password', json: { token: 'not-a-reset-token', newPassword: 'a new password 1' } },
    ],
  },
  'ALL /api/auth/*': {
    access: 'public',
    why: 'Better Auth’s own endpoints: each acts on the caller’s own session, never on an id from the request',
    probes: [
      { path: '/api/auth/get-session' },
      { path: '/api/auth/list-sessions' },
      { path: '/api/auth/list-accounts' },
      { path: '/api/auth/revoke-other-sessions', method: 'POST', json: {} },
    ],
  },
  'GET /api/invitations/:invitationId': {
    access: 'public',
    why: 'the emailed link’s page: its 192-bit id is the secret; an unknown one says only that it does not exist',
    probes: [{ path: '/api/invitations/no-such-invitation' }],
  },
  'ALL /api/auth/organization/*': {
    access: 'public',
    why: 'the organization plugin’s own routes are not served (decision 065): studios change only through /api/studios',
    probes: [
      { path: '/api/auth/organization/list' },
      {
        path: '/api/auth/organization/set-active',
        method: 'POST',
        jsonOf: (ids) => ({ organizationId: ids.alice.studioId }),
      },
      { path: '/api/auth/organization/get-full-organization', query: 'organizationId=x' },
      {
        path: '/api/auth/organization/update',
        method: 'POST',
        jsonOf: (ids) => ({ organizationId: ids.alice.studioId, data: { name: 'Taken By Matrix' } }),
      },
    ],
  },
  'POST /api/auth/update-user': {
    access: 'self',
    why: 'changes the signed-in caller’s own name and picture; Better Auth finds the user from the session',
    probes: [{ path: '/api/auth/update-user', json: { name: 'Renamed By Matrix' } }],
  },
  'POST /api/auth/change-password': {
    access: 'self',
    why: 'changes the signed-in caller’s own password, only with the current one',
    probes: [
      {
        path: '/api/auth/change-password',
        json: { currentPassword: 'not the password', newPassword: 'a new password 1' },
      },
    ],
  },
  'GET /api/session': {
    access: 'public',
    why: 'the signed-out probe: answers 200 with the caller’s own verified user, or null',
    probes: [{ path: '/api/session' }],
  },
  'ALL /api/*': {
    access: 'public',
    why: 'the API’s answer to an unknown path: a plain 404 for everyone',
    probes: [{ path: '/api/no-such-route' }, { path: '/api/games/x/no-such-thing', method: 'POST', json: {} }],
  },
  'GET /healthz': {
    access: 'public',
    why: 'liveness for a load balancer or orchestrator: says the process answers, nothing about anyone',
    probes: [{ path: '/healthz' }],
  },
  'GET /readyz': {
    access: 'public',
    why: 'readiness for a load balancer: says whether the database answers and is migrated, nothing about anyone',
    probes: [{ path: '/readyz' }],
  },
  'GET /files/*': {
    access: 'public',
    why: 'stored images are public by their unguessable URL, for game clients; unknown keys answer 404',
    probes: [{ path: '/files/assets/no-such-game/no-such-file.png' }],
  },
  'GET /api/me': { access: 'verified', otherOwner: 200 },
  'GET /api/account': { access: 'verified', otherOwner: 200 },
  // Found from the session alone: another owner, sending a wrong password, is refused for their own account.
  'DELETE /api/account': { access: 'verified', body: () => ({ password: 'not the password' }), otherOwner: 400 },
  'GET /api/live-updates': { access: 'verified', otherOwner: 200 },
  // Studios (decision 065): another person neither shows nor renames the first owner's studio.
  'GET /api/studios': { access: 'verified', otherOwner: 200 },
  'POST /api/studios/active': { access: 'verified', body: (ids) => ({ studioId: ids.studioId }), otherOwner: 404 },
  'PATCH /api/studios/:studioId': { access: 'verified', body: () => ({ name: 'Matrix Studio' }), otherOwner: 404 },
  // The Team page: another person neither lists, invites, resends, withdraws, changes, removes nor transfers.
  'GET /api/studios/:studioId/team': { access: 'verified', otherOwner: 404 },
  'POST /api/studios/:studioId/invitations': {
    access: 'verified',
    body: () => ({ email: 'matrix-invitee@studio.test', role: 'viewer' }),
    otherOwner: 404,
  },
  'POST /api/studios/:studioId/invitations/:invitationId/resend': { access: 'verified', otherOwner: 404 },
  'DELETE /api/studios/:studioId/invitations/:invitationId': { access: 'verified', otherOwner: 404 },
  'PATCH /api/studios/:studioId/members/:userId': {
    access: 'verified',
    body: () => ({ role: 'viewer' }),
    otherOwner: 404,
  },
  'DELETE /api/studios/:studioId/members/:userId': { access: 'verified', otherOwner: 404 },
  'POST /api/studios/:studioId/transfer': {
    access: 'verified',
    body: (ids) => ({ userId: ids.memberId }),
    otherOwner: 404,
  },
  // An invitation is answered only by its own address: another person is refused, changing nothing.
  'GET /api/invitations': { access: 'verified', otherOwner: 200 },
  'POST /api/invitations/:invitationId/accept': { access: 'verified', otherOwner: 403 },
  'POST /api/invitations/:invitationId/decline': { access: 'verified', otherOwner: 403 },
  'GET /api/games': { access: 'verified', otherOwner: 200 },
  'POST /api/games': { access: 'verified', body: () => gameBody, otherOwner: 201 },
  'GET /api/games/:id': { access: 'game', notFound: GAME_MESSAGES.notFound },
  // Everything Game Profile's one save sends at once (decision 055).
  'PATCH /api/games/:id': {
    access: 'game',
    body: () => ({
      ...gameBody,
      orientation: 'landscape',
      theme: { primaryColor: '#000000', secondaryColor: '#FFFFFF' },
    }),
    notFound: GAME_MESSAGES.notFound,
  },
  // The first owner's own game name, typed right: still answered as a missing game, and nothing deleted.
  'DELETE /api/games/:id': {
    access: 'game',
    body: () => ({ confirmation: 'Alice Secret Orchard' }),
    notFound: GAME_MESSAGES.notFound,
  },
  'POST /api/games/:id/duplicate': { access: 'game', body: () => ({}), notFound: GAME_MESSAGES.notFound },
  'PATCH /api/games/:id/orientation': {
    access: 'game',
    body: () => ({ orientation: 'landscape' }),
    notFound: GAME_MESSAGES.notFound,
  },
  'PATCH /api/games/:id/theme': {
    access: 'game',
    body: () => ({ theme: { primaryColor: '#000000', secondaryColor: '#FFFFFF' } }),
    notFound: GAME_MESSAGES.notFound,
  },
  // The player runtime's access (decision 035): another owner neither regenerates, reveals nor rotates anything.
  'POST /api/games/:id/sdk-key': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'GET /api/games/:id/server-secret': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'POST /api/games/:id/server-secret': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'GET /api/games/:gameId/assets': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'POST /api/games/:gameId/assets': {
    access: 'game',
    form: () => pngForm('Matrix Art', 'matrixart'),
    notFound: GAME_MESSAGES.notFound,
  },
  'PATCH /api/games/:gameId/assets/:assetId': {
    access: 'game',
    body: () => ({ name: 'Matrix Rename' }),
    notFound: 'Asset not found.',
  },
  'PUT /api/games/:gameId/assets/:assetId/file': {
    access: 'game',
    form: () => pngForm('Matrix Art', 'matrixart'),
    notFound: 'Asset not found.',
  },
  'GET /api/games/:gameId/assets/:assetId/used-by': { access: 'game', notFound: 'Asset not found.' },
  'DELETE /api/games/:gameId/assets/:assetId': { access: 'game', notFound: 'Asset not found.' },
  'GET /api/games/:gameId/items': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'POST /api/games/:gameId/items': { access: 'game', body: itemBody, notFound: GAME_MESSAGES.notFound },
  'PATCH /api/games/:gameId/items/:itemId': {
    access: 'game',
    body: itemBody,
    notFound: INVENTORY_MESSAGES.itemNotFound,
  },
  'DELETE /api/games/:gameId/items/:itemId': { access: 'game', notFound: INVENTORY_MESSAGES.itemNotFound },
  'GET /api/games/:gameId/packs': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'POST /api/games/:gameId/packs': { access: 'game', body: packBody, notFound: GAME_MESSAGES.notFound },
  'PATCH /api/games/:gameId/packs/:packId': {
    access: 'game',
    body: packBody,
    notFound: INVENTORY_MESSAGES.packNotFound,
  },
  'DELETE /api/games/:gameId/packs/:packId': { access: 'game', notFound: INVENTORY_MESSAGES.packNotFound },
  'GET /api/games/:gameId/segments': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'POST /api/games/:gameId/segments': {
    access: 'game',
    body: () => ({ name: 'Matrix Whales', expression: 'player.totalSpend > 100.0' }),
    notFound: GAME_MESSAGES.notFound,
  },
  // Audiences (decision 054): another owner neither counts a game's players nor estimates a draft over them.
  'GET /api/games/:gameId/segments/audience': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'POST /api/games/:gameId/segments/audience-estimate': {
    access: 'game',
    body: () => ({ expression: 'player.level > 1' }),
    notFound: GAME_MESSAGES.notFound,
  },
  'GET /api/games/:gameId/segments/:segmentId': { access: 'game', notFound: SEGMENT_MESSAGES.notFound },
  'PATCH /api/games/:gameId/segments/:segmentId': {
    access: 'game',
    body: () => ({ name: 'Matrix Renamed', expression: 'player.level > 1' }),
    notFound: SEGMENT_MESSAGES.notFound,
  },
  'DELETE /api/games/:gameId/segments/:segmentId': { access: 'game', notFound: SEGMENT_MESSAGES.notFound },
  'GET /api/games/:gameId/custom-attributes': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'PUT /api/games/:gameId/custom-attributes': {
    access: 'game',
    body: () => ({ customAttributes: [{ name: 'matrixVip', type: 'bool' }] }),
    notFound: GAME_MESSAGES.notFound,
  },
  'GET /api/games/:gameId/daily-rewards': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'GET /api/daily-rewards/:dailyRewardId': { access: 'record', notFound: DAILY_REWARD_MESSAGES.notFound },
  'GET /api/games/:gameId/daily-rewards/:dailyRewardId/embed-config': {
    access: 'game',
    notFound: DAILY_REWARD_MESSAGES.notFound,
  },
  'POST /api/games/:gameId/daily-rewards': {
    access: 'game',
    body: () => ({ name: 'Matrix Week' }),
    notFound: GAME_MESSAGES.notFound,
  },
  'PATCH /api/games/:gameId/daily-rewards/:dailyRewardId': {
    access: 'game',
    // The panel's one save (decision 055): days, rules, targeting and the running experiment's variants.
    body: (ids) => ({
      name: 'Matrix Renamed',
      rewards: weekOf(ids.packId),
      cycleDays: 7,
      dayStart: { kind: 'utc_time', minuteOfDay: 60 },
      missedDay: 'start_over',
      targeting: { segmentId: ids.segmentId || null, startsAt: null, endsAt: null, priority: 3 },
      variants: [
        { id: 'a', name: 'Matrix Amber', weight: 2 },
        { id: 'b', name: 'Matrix Teal', weight: 1 },
      ],
    }),
    notFound: DAILY_REWARD_MESSAGES.notFound,
  },
  'PUT /api/games/:gameId/daily-rewards/:dailyRewardId/layout': {
    access: 'game',
    body: () => ({ uiLayout: { id: 'root', type: 'Root', props: {}, children: [] } }),
    notFound: DAILY_REWARD_MESSAGES.notFound,
  },
  'DELETE /api/games/:gameId/daily-rewards/:dailyRewardId': {
    access: 'game',
    notFound: DAILY_REWARD_MESSAGES.notFound,
  },
  // Targeting (decision 038): another owner neither targets a config nor asks which one a sample player gets.
  'PUT /api/games/:gameId/daily-rewards/:dailyRewardId/targeting': {
    access: 'game',
    body: () => ({ segmentId: null, startsAt: null, endsAt: null, priority: 2 }),
    notFound: DAILY_REWARD_MESSAGES.notFound,
  },
  // A/B tests (decision 046): another owner neither sees, starts, edits, promotes nor ends the first owner's.
  'POST /api/games/:gameId/daily-rewards/:dailyRewardId/experiment': {
    access: 'game',
    body: () => ({ variants: MATRIX_VARIANTS }),
    notFound: DAILY_REWARD_MESSAGES.notFound,
  },
  'PATCH /api/games/:gameId/daily-rewards/:dailyRewardId/experiment': {
    access: 'game',
    body: () => ({ variants: MATRIX_VARIANTS }),
    notFound: DAILY_REWARD_MESSAGES.notFound,
  },
  'DELETE /api/games/:gameId/daily-rewards/:dailyRewardId/experiment': {
    access: 'game',
    notFound: DAILY_REWARD_MESSAGES.notFound,
  },
  'PUT /api/games/:gameId/daily-rewards/:dailyRewardId/experiment/variants/:variantId/layout': {
    access: 'game',
    body: () => ({ uiLayout: { id: 'root', type: 'Root', props: {}, children: [] } }),
    notFound: DAILY_REWARD_MESSAGES.notFound,
  },
  'POST /api/games/:gameId/daily-rewards/:dailyRewardId/experiment/promote': {
    access: 'game',
    body: () => ({ variantId: 'b' }),
    notFound: DAILY_REWARD_MESSAGES.notFound,
  },
  'GET /api/games/:gameId/daily-rewards/:dailyRewardId/experiments': {
    access: 'game',
    notFound: DAILY_REWARD_MESSAGES.notFound,
  },
  'POST /api/games/:gameId/daily-rewards/for-player': {
    access: 'game',
    body: () => ({ player: { level: 50, country: 'DE', platform: 'Web', totalSpend: 500 } }),
    notFound: GAME_MESSAGES.notFound,
  },
  // Test players (decision 040): another owner neither sees, adds, moves the clock of, resets nor signs one.
  'GET /api/games/:gameId/test-players': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'POST /api/games/:gameId/test-players': {
    access: 'game',
    body: () => ({ playerId: 'matrix-tester', clockOffsetMs: 86_400_000 }),
    notFound: GAME_MESSAGES.notFound,
  },
  'PATCH /api/games/:gameId/test-players/:testPlayerId': {
    access: 'game',
    body: () => ({ clockOffsetMs: 86_400_000, note: 'Matrix note' }),
    notFound: TEST_PLAYER_MESSAGES.notFound,
  },
  'DELETE /api/games/:gameId/test-players/:testPlayerId': {
    access: 'game',
    notFound: TEST_PLAYER_MESSAGES.notFound,
  },
  'POST /api/games/:gameId/test-players/:testPlayerId/next-day': {
    access: 'game',
    body: (ids) => ({ configId: ids.dailyRewardId }),
    notFound: TEST_PLAYER_MESSAGES.notFound,
  },
  'POST /api/games/:gameId/test-players/:testPlayerId/reset': {
    access: 'game',
    body: (ids) => ({ configId: ids.dailyRewardId }),
    notFound: TEST_PLAYER_MESSAGES.notFound,
  },
  'POST /api/games/:gameId/test-players/:testPlayerId/signature': {
    access: 'game',
    notFound: TEST_PLAYER_MESSAGES.notFound,
  },
  // The Players tab (decision 043): another owner neither looks a player up nor acts on one. (Their own game has a
  // player of the same id: players.test.ts shows that each game's lookup finds its own player only.)
  'GET /api/games/:gameId/players/:playerId': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'GET /api/games/:gameId/players/:playerId/ledger': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'POST /api/games/:gameId/players/:playerId/support-actions': {
    access: 'game',
    body: (ids) => ({ kind: 'grant_pack', packId: ids.packId, reason: 'Matrix support grant' }),
    notFound: GAME_MESSAGES.notFound,
  },
  // The Analytics tab (decision 044): another owner reads no rollup of the game.
  'GET /api/games/:gameId/analytics': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'GET /api/games/:gameId/releases': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'GET /api/games/:gameId/releases/preview': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'POST /api/games/:gameId/releases': { access: 'game', body: () => ({}), notFound: GAME_MESSAGES.notFound },
  'POST /api/games/:gameId/releases/:version/live': {
    access: 'game',
    body: () => ({}),
    notFound: PUBLISH_MESSAGES.releaseNotFound,
  },
  // The player runtime (decision 034): game clients, bearer tokens, the game backend's signatures, never a cookie.
  'POST /v1/sessions': {
    access: 'public',
    why:
      'a game signs its players in with its public SDK key (decision 034): another game’s key reaches only that ' +
      'game’s player of the same id, an unknown key or a wrong signature nobody',
    probes: [
      { path: '/v1/sessions', jsonOf: ({ alice }) => ({ sdkKey: alice.sdkKey, playerId: 'matrix-newcomer' }) },
      { path: '/v1/sessions', jsonOf: ({ bob }) => ({ sdkKey: bob.sdkKey, playerId: ALICE_PLAYER }) },
      { path: '/v1/sessions', json: { sdkKey: 'sdk_not_a_key_of_any_game', playerId: ALICE_PLAYER } },
      {
        path: '/v1/sessions',
        jsonOf: ({ alice }) => ({
          sdkKey: alice.sdkKey,
          playerId: ALICE_PLAYER,
          playerSignature: `1.${'0'.repeat(64)}`,
        }),
      },
    ],
  },
  'GET /v1/openapi.json': {
    access: 'public',
    why: 'the runtime’s contract, generated from its schemas: one document for everyone, about no one',
    probes: [{ path: '/v1/openapi.json' }],
  },
  'ALL /v1/*': {
    access: 'public',
    why: 'the runtime’s answer to an unknown path: its own 404 for everyone, never the dashboard’s page',
    probes: [
      { path: '/v1/no-such-route' },
      { path: `/v1/players/${ALICE_PLAYER}` },
      { path: '/v1/inventory/alice-player', method: 'POST', json: {} },
      { path: '/v1/server/wallet/balance', method: 'POST', json: { playerId: ALICE_PLAYER } },
    ],
  },
  'GET /v1/daily-rewards': {
    access: 'player',
    why: 'the token’s player’s state of each published daily reward, with a popup that may claim it for them alone',
    popup: 'refused',
  },
  'POST /v1/daily-rewards/:configId/claim': {
    access: 'player',
    why: 'grants today’s pack to the token’s player only, for a config of the token’s game; a popup token claims only its own',
    popup: 'its own config',
  },
  'POST /v1/events': {
    access: 'player',
    why: 'counts the popup’s events for the token’s player only, of a config of the token’s game; a popup token reports only its own config',
    popup: 'its own config',
    body: (configId) => ({
      events: [{ id: (lastEventId = randomUUID()), type: 'shown', configId, clientTime: CLOCK.time }],
    }),
  },
  'GET /v1/inventory': { access: 'player', why: 'the token’s player’s balances, nobody else’s', popup: 'refused' },
  'GET /v1/inventory/ledger': {
    access: 'player',
    why: 'every change of the token’s player’s wallet; the page cursor reaches no one else’s entries',
    query: 'limit=200',
    popup: 'refused',
  },
  'POST /v1/server/wallet/grant': {
    access: 'server',
    why: 'the game backend grants to a player of its own game: the key names the game, the signature is its secret’s',
  },
  'POST /v1/server/wallet/consume': {
    access: 'server',
    why: 'the game backend takes from a player of its own game: the key names the game, the signature is its secret’s',
  },
};

const ALICE_EMAIL = 'alice-matrix@studio.test';

let databases: TestDatabases;
let server: TestServer;
let alice: TestClient;
let aliceIds: Ids & { userId: string };
let bob: TestClient;
let bobIds: Ids;
let unverified: TestClient;
/** Everything of the first owner's that must never appear in another caller's answer. */
let needles: string[];
let aliceBefore: string;
let requests = 0;
let runtimeRequests = 0;

/** The routes the app serves, as "METHOD /path", without middleware (which Hono lists as routes too). */
function servedRoutes(): string[] {
  const keys = inspectRoutes(server.app)
    .filter((route) => !route.isMiddleware)
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(keys)].sort();
}

function fill(pattern: string, ids: Ids): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) => {
    const key = PARAMS[name];
    if (!key) throw new Error(`no id for path parameter :${name}`);
    return encodeURIComponent(ids[key]);
  });
}

type Answer = { status: number; text: string; body: unknown };

/**
 * One request as the client's browser would send it (cookies, a valid Origin), with any other headers given (a
 * bearer token, a game's Origin); event streams read to "ready".
 */
async function send(
  client: TestClient,
  method: string,
  target: string,
  payload: { json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<Answer> {
  requests++;
  if (target.startsWith('/v1')) runtimeRequests++;
  const headers = new Headers({ origin: server.config.publicUrl });
  const cookie = client.cookieHeader();
  if (cookie) headers.set('cookie', cookie);
  for (const [name, value] of Object.entries(payload.headers ?? {})) headers.set(name, value);
  let body: string | FormData | undefined;
  if (payload.form) body = payload.form;
  else if (payload.json !== undefined) {
    body = JSON.stringify(payload.json);
    headers.set('content-type', 'application/json');
  }
  const controller = new AbortController();
  const response = await fetch(new URL(target, server.url), {
    method,
    headers,
    body,
    redirect: 'manual',
    signal: controller.signal,
  });
  let text = '';
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    while (reader && !text.includes('event: ready')) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    controller.abort();
  } else {
    text = await response.text();
  }
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, text, body: parsed };
}

/** The first owner's every row, and the bytes of their stored files, as one comparable string. */
async function aliceData(): Promise<string> {
  const { db } = server.database;
  const owned = [
    schema.game,
    schema.asset,
    schema.segment,
    schema.item,
    schema.pack,
    schema.testPlayer,
    schema.experiment,
  ] as const;
  const rows = await Promise.all([
    db.select().from(schema.user).where(eq(schema.user.id, aliceIds.userId)),
    db.select().from(schema.account).where(eq(schema.account.userId, aliceIds.userId)),
    db.select().from(schema.session).where(eq(schema.session.userId, aliceIds.userId)),
    db.select().from(schema.studio).where(eq(schema.studio.id, aliceIds.studioId)),
    db.select().from(schema.studioMember).where(eq(schema.studioMember.organizationId, aliceIds.studioId)),
    db.select().from(schema.studioInvitation).where(eq(schema.studioInvitation.organizationId, aliceIds.studioId)),
    ...owned.map((table) => db.select().from(table).where(eq(table.ownerId, aliceIds.studioId))),
  ]);
  const sorted = rows.map((list) => [...list].sort((a, b) => a.id.localeCompare(b.id)));
  const storageDir = path.join(server.config.dataDir, 'storage', 'assets', aliceIds.gameId);
  const files = await readdir(storageDir, { recursive: true }).catch(() => []);
  const bytes = await Promise.all(
    files.sort().map(async (name) => {
      const content = await readFile(path.join(storageDir, name)).catch(() => null);
      return [name, content?.toString('base64') ?? 'directory'];
    }),
  );
  return JSON.stringify({ rows: sorted, files: bytes });
}

async function expectNothingOfAlice(label: string, answer: Answer, exempt: string[] = []) {
  for (const needle of needles) {
    if (exempt.some((sent) => sent.includes(needle))) continue;
    expect(answer.text.includes(needle), `${label} answered with "${needle}": ${answer.text.slice(0, 500)}`).toBe(
      false,
    );
  }
  expect(await aliceData(), `${label} changed the first owner's data`).toBe(aliceBefore);
}

beforeAll(async () => {
  databases = await createTestDatabases();
  server = await startTestServer(await databases.create(), {
    authRateLimitMax: 1000,
    // The runtime serves the live release (the stand-in page), on a clock that stays inside one day.
    publishing: { readPageHtml: readStandInPage },
    now: CLOCK.now,
    runtimeLimits: {
      ...UNLIMITED_BY_ADDRESS,
      perPlayer: { max: 100_000, windowMs: 60_000 },
      perKey: { max: 1_000_000, windowMs: 1000 },
    },
  });

  alice = await signedInClient(server, ALICE_EMAIL);
  const game = (await alice.post('/api/games', { ...gameBody, name: 'Alice Secret Orchard' })).body as Game;
  const uploaded = await send(alice, 'POST', `/api/games/${game.id}/assets`, {
    form: pngForm('Alice Lantern Art', 'alicelantern'),
  });
  expect(uploaded.status).toBe(201);
  const asset = uploaded.body as Asset;
  const item = (
    await alice.post(`/api/games/${game.id}/items`, {
      ...itemBody({ assetId: asset.assetId } as Ids),
      name: 'Alice Ember',
    })
  ).body as Item;
  const pack = (
    await alice.post(`/api/games/${game.id}/packs`, {
      name: 'Alice Hearth Bundle',
      contents: [{ itemId: item.id, quantity: 3 }],
    })
  ).body as Pack;
  const segment = (
    await alice.post(`/api/games/${game.id}/segments`, {
      name: 'Alice Quiet Whales',
      description: 'Alice private notes',
      expression: 'player.level > 41',
    })
  ).body as Segment;
  const reward = (await alice.post(`/api/games/${game.id}/daily-rewards`, { name: 'Alice Lantern Week' }))
    .body as DailyReward;
  expect(
    (
      await alice.request(`/api/games/${game.id}/daily-rewards/${reward.id}`, {
        method: 'PATCH',
        json: { rewards: weekOf(pack.id), cycleDays: 7 },
      })
    ).status,
  ).toBe(200);
  const experiment = await alice.post(`/api/games/${game.id}/daily-rewards/${reward.id}/experiment`, {
    variants: [
      { id: 'a', name: 'Alice Amber Popup', weight: 1 },
      { id: 'b', name: 'Alice Teal Popup', weight: 1 },
    ],
  });
  expect(experiment.status, experiment.text).toBe(201);
  const experimentId = (experiment.body as { id: string }).id;
  const tester = (
    await alice.post(`/api/games/${game.id}/test-players`, {
      playerId: 'alice-qa-tester',
      clockOffsetMs: 2 * 86_400_000,
      note: 'Alice tester notes',
    })
  ).body as TestPlayer;
  aliceIds = {
    testPlayerId: tester.id,
    playerId: ALICE_PLAYER,
    variantId: 'b',
    userId: ((await alice.get('/api/me')).body as { uid: string }).uid,
    memberId: ((await alice.get('/api/me')).body as { uid: string }).uid,
    studioId: game.ownerId,
    invitationId: (
      (
        await alice.post(`/api/studios/${game.ownerId}/invitations`, {
          email: 'alice-invitee@studio.test',
          role: 'viewer',
        })
      ).body as { id: string }
    ).id,
    dailyRewardId: reward.id,
    version: '1',
    gameId: game.id,
    itemId: item.id,
    packId: pack.id,
    segmentId: segment.id,
    assetId: asset.assetId,
    sdkKey: game.sdkKey,
  };
  needles = [
    ALICE_EMAIL,
    game.ownerId,
    game.id,
    game.name,
    game.sdkKey,
    asset.id,
    asset.assetId,
    asset.name,
    asset.url,
    item.id,
    item.name,
    pack.id,
    pack.name,
    segment.id,
    segment.name,
    segment.description,
    reward.id,
    reward.name,
    tester.id,
    tester.playerId,
    tester.note,
    experimentId,
    'Alice Amber Popup',
    'Alice Teal Popup',
  ];

  bob = await signedInClient(server, 'bob-matrix@studio.test');
  const bobGame = (await bob.post('/api/games', { ...gameBody, name: 'Bob Own Game' })).body as Game;
  const bobAsset = await send(bob, 'POST', `/api/games/${bobGame.id}/assets`, { form: pngForm('Bob Art', 'bobart') });
  expect(bobAsset.status).toBe(201);
  const bobItem = (
    await bob.post(`/api/games/${bobGame.id}/items`, { ...itemBody({ assetId: 'bobart' } as Ids), name: 'Bob Coin' })
  ).body as Item;
  const bobPack = (
    await bob.post(`/api/games/${bobGame.id}/packs`, {
      name: 'Bob Crate',
      contents: [{ itemId: bobItem.id, quantity: 1 }],
    })
  ).body as Pack;
  bobIds = {
    gameId: bobGame.id,
    itemId: bobItem.id,
    packId: bobPack.id,
    segmentId: '',
    assetId: 'bobart',
    dailyRewardId: '',
    testPlayerId: '',
    playerId: ALICE_PLAYER,
    variantId: 'b',
    version: '1',
    sdkKey: bobGame.sdkKey,
    studioId: bobGame.ownerId,
    memberId: '',
    invitationId: '',
  };

  unverified = (await unverifiedClient(server, 'unverified-matrix@studio.test')).client;
  await setUpRuntime(pack, bobPack);
  aliceBefore = await aliceData();
  herBefore = await herRows();
}, 180_000);

afterAll(async () => {
  console.log(
    `isolation matrix: ${servedRoutes().length} routes served, ${Object.keys(MATRIX).length} entries, ${requests} requests made`,
  );
  const v1 = Object.keys(MATRIX).filter((key) => key.includes(' /v1'));
  const kinds = ['player', 'server', 'public'].map(
    (kind) => `${v1.filter((key) => MATRIX[key]?.access === kind).length} ${kind}`,
  );
  console.log(
    `isolation matrix /v1: ${servedRoutes().filter((key) => key.includes(' /v1')).length} routes served, ` +
      `${v1.length} entries (${kinds.join(', ')}), ${runtimeRequests} requests to /v1`,
  );
  await server?.close();
  await databases?.close();
});

describe('the isolation matrix covers the route table', () => {
  it('has an entry for every route the app serves', () => {
    const missing = servedRoutes().filter((route) => !(route in MATRIX));
    expect(missing, 'routes without a matrix entry').toEqual([]);
  });

  it('names no route the app no longer serves', () => {
    const served = new Set(servedRoutes());
    expect(
      Object.keys(MATRIX).filter((key) => !served.has(key)),
      'matrix entries without a route',
    ).toEqual([]);
  });

  it('knows how to fill every path parameter with a real id', () => {
    const params = servedRoutes().flatMap((route) => [...route.matchAll(/:(\w+)/g)].map((m) => m[1] ?? ''));
    expect(params.filter((name) => !(name in PARAMS))).toEqual([]);
  });

  it('starts from a first owner whose records all exist and a session that is really unverified', async () => {
    expect(Object.values(aliceIds).every(Boolean)).toBe(true);
    const refused = await send(unverified, 'GET', '/api/me');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });
});

type Guarded = Extract<Entry, { access: 'verified' | 'game' | 'record' }>;
type Probed = Extract<Entry, { access: 'public' | 'self' }>;
const protectedEntries = Object.entries(MATRIX).filter(
  (entry): entry is [string, Guarded] =>
    entry[1].access === 'verified' || entry[1].access === 'game' || entry[1].access === 'record',
);
const probedEntries = Object.entries(MATRIX).filter(
  (entry): entry is [string, Probed] => entry[1].access === 'public' || entry[1].access === 'self',
);

function payloadOf(entry: Guarded, ids: Ids) {
  return { json: entry.body?.(ids), form: entry.form?.(ids) };
}

describe('a route that needs a verified owner', () => {
  it.each(protectedEntries)(
    'refuses %s to a caller with no session, leaking and changing nothing',
    async (key, entry) => {
      const [method = '', pattern = ''] = key.split(' ');
      const answer = await send(server.client(), method, fill(pattern, aliceIds), payloadOf(entry, aliceIds));
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ code: 'UNAUTHORIZED', message: API_MESSAGES.notSignedIn });
      await expectNothingOfAlice(`anonymous ${key}`, answer);
    },
  );

  it.each(protectedEntries)('refuses %s to an unverified session, leaking and changing nothing', async (key, entry) => {
    const [method = '', pattern = ''] = key.split(' ');
    const answer = await send(unverified, method, fill(pattern, aliceIds), payloadOf(entry, aliceIds));
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: API_MESSAGES.emailNotVerified });
    await expectNothingOfAlice(`unverified ${key}`, answer);
  });

  it.each(protectedEntries)(
    "answers %s from another owner with the first owner's ids as if they did not exist, changing nothing",
    async (key, entry) => {
      const [method = '', pattern = ''] = key.split(' ');
      const answer = await send(bob, method, fill(pattern, aliceIds), payloadOf(entry, aliceIds));
      if (entry.access === 'verified') {
        // Not about a game in the path: the other owner is answered with their own data only.
        expect(answer.status).toBe(entry.otherOwner);
      } else if (entry.access === 'record') {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ code: 'NOT_FOUND', message: entry.notFound });
        const missing = { ...aliceIds, dailyRewardId: '00000000-0000-4000-8000-000000000000' };
        const unknown = await send(bob, method, fill(pattern, missing), payloadOf(entry, aliceIds));
        expect(answer.body, 'the first owner’s record answers differently from a missing one').toEqual(unknown.body);
      } else {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ code: 'NOT_FOUND', message: GAME_MESSAGES.notFound });
        const missing = { ...aliceIds, gameId: '00000000-0000-4000-8000-000000000000' };
        const unknown = await send(bob, method, fill(pattern, missing), payloadOf(entry, aliceIds));
        expect(answer.body, 'the first owner’s game answers differently from a missing one').toEqual(unknown.body);
      }
      await expectNothingOfAlice(`other owner ${key}`, answer);
    },
  );

  const childEntries = protectedEntries.filter(([key]) =>
    /:(itemId|packId|segmentId|assetId|dailyRewardId|testPlayerId)\b/.test(key),
  );
  it.each(childEntries)(
    "answers %s from another owner, in their own game, with the first owner's record id as not found",
    async (key, entry) => {
      const [method = '', pattern = ''] = key.split(' ');
      const target = { ...aliceIds, gameId: bobIds.gameId };
      const answer = await send(bob, method, fill(pattern, target), payloadOf(entry, bobIds));
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: 'NOT_FOUND', message: entry.access === 'verified' ? '' : entry.notFound });
      await expectNothingOfAlice(`other owner in own game ${key}`, answer);
    },
  );
});

describe('a public route, or one on the caller’s own account', () => {
  it.each(probedEntries)(
    'answers %s to every caller without a 5xx, leaking and changing nothing',
    async (key, entry) => {
      expect(entry.why.length).toBeGreaterThan(10);
      const callers: [string, TestClient][] = [
        ['anonymous', server.client()],
        ['unverified', unverified],
        ['other owner', bob],
      ];
      for (const [who, client] of callers) {
        for (const probe of entry.probes) {
          const method = probe.method ?? key.split(' ')[0] ?? 'GET';
          const target = probe.query ? `${probe.path}?${probe.query}` : probe.path;
          const json = probeJson(probe);
          const answer = await send(client, method === 'ALL' ? 'GET' : method, target, { json });
          expect(answer.status, `${who} ${method} ${target}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
          if (entry.access === 'self' && who === 'anonymous') {
            expect(answer.status, `anonymous ${method} ${target}: ${answer.text.slice(0, 300)}`).toBe(401);
          }
          // What the caller sent (the first owner's email, typed into a form) may come back; nothing else may.
          await expectNothingOfAlice(`${who} ${method} ${target}`, answer, [JSON.stringify(json ?? null)]);
        }
      }
    },
    // Each caller's sign-up and sign-in probes hash a password: slow on a busy machine.
    120_000,
  );
});

// ---------------------------------------------------------------------------------------------------------------
// The player runtime (/v1, decision 034)

/** The runtime's only clock: inside one day for every player of the file, so nothing becomes claimable again. */
const CLOCK = new TestClock(Date.parse('2026-03-02T12:00:00Z'));
const GAME_ORIGIN = 'https://game.example';

/** A player as the runtime knows them: the game's id for them, ours (the token's `p`), and their token. */
type RuntimePlayer = { label: string; playerId: string; ref: string; token: string; configIds: string[] };

let aliceSecret: string;
let bobSecret: string;
/** alice-player (the guarded one), bob-player of the same game, and the player of bob's game with her id. */
let her: RuntimePlayer;
let bobPlayer: RuntimePlayer;
let stranger: RuntimePlayer;
/** The first owner's two daily rewards: alice-player claimed A in setup, B not. */
let configA: string;
let configB: string;
/** alice-player's popup tokens of A and B, as her list hands them out. */
let herPopup: { A: string; B: string };
let herClaimKey: string;
let herClaimText: string;
/** When alice-player's next day starts: her own (Chatham) midnight, which no other player's state holds. */
let herNextClaimAt: string;
let herOperations: { grant: { key: string; text: string }; consume: { key: string; text: string } };
/** What of alice-player's no other caller may be answered with (her balances are added as they are). */
let herNeedles: string[];
/** Needles of the first owner's that even a player of her own game must never see. */
let ownerOnlyNeedles: string[];
let herBefore: string;

type Row = Record<string, unknown>;
async function query(statement: SQL): Promise<Row[]> {
  return ((await server.database.db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

/** Every row of a player in the runtime's five tables, as one comparable string. */
async function playerRows(ref: string): Promise<string> {
  const [row] = await query(sql`select json_build_object(
      'player', (select row_to_json(p) from player p where p.id = ${ref}),
      'balances', (select json_agg(b order by b.item_id) from wallet_balance b where b.player_ref = ${ref}),
      'ledger', (select json_agg(l order by l.id) from wallet_ledger l where l.player_ref = ${ref}),
      'claims', (select json_agg(c order by c.config_id, c.seq) from daily_reward_claim c where c.player_ref = ${ref}),
      'operations', (select json_agg(o order by o.id) from wallet_operation o where o.player_ref = ${ref})
    )::text as rows`);
  return String(row?.rows);
}
const herRows = () => playerRows(her.ref);

/** A player's balances as the database holds them: what their own inventory must answer. */
async function balancesOf(ref: string): Promise<{ itemId: string; amount: number }[]> {
  const rows = await query(
    sql`select item_id, amount::text as amount from wallet_balance where player_ref = ${ref} order by item_id`,
  );
  return rows.map((row) => ({ itemId: String(row.item_id), amount: Number(row.amount) }));
}
async function ledgerIdsOf(ref: string): Promise<Set<string>> {
  const rows = await query(sql`select id::text as id from wallet_ledger where player_ref = ${ref}`);
  return new Set(rows.map((row) => String(row.id)));
}
const sortBalances = (list: { itemId: string; amount: number }[]) =>
  list.map(({ itemId, amount }) => ({ itemId, amount })).sort((a, b) => a.itemId.localeCompare(b.itemId));

/** The token's claims, read without checking them (the runtime does that). */
function claimsOf(token: string): { t: string; g: string; p: string; c?: string } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    t: string;
    g: string;
    p: string;
  };
}

/** A game client's request: its Origin, a bearer token when given, and no cookie unless the client holds one. */
function v1(
  caller: { token?: string; client?: TestClient },
  method: string,
  target: string,
  extra: { json?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { origin: caller.client ? server.config.publicUrl : GAME_ORIGIN };
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  return send(caller.client ?? server.client(), method, target, {
    json: extra.json,
    headers: { ...headers, ...extra.headers },
  });
}

/** The X-LiveOps-* headers of a server call, signed over exactly the JSON text `send` puts on the wire. */
function signedBy(sdkKey: string, secret: string, path: string, json: unknown, key: string = randomUUID()) {
  const timestamp = Math.floor(CLOCK.time / 1000);
  return {
    'idempotency-key': key,
    'x-liveops-key': sdkKey,
    'x-liveops-timestamp': String(timestamp),
    'x-liveops-signature': signServerRequest(
      { timestamp, method: 'POST', path, idempotencyKey: key, body: JSON.stringify(json) },
      secret,
    ),
  };
}

async function signIn(sdkKey: string, playerId: string, extra: Record<string, unknown> = {}) {
  const answer = await v1({}, 'POST', '/v1/sessions', { json: { sdkKey, playerId, ...extra } });
  expect(answer.status, answer.text).toBe(200);
  const token = (answer.body as { token: string }).token;
  return { token, ref: claimsOf(token).p };
}

async function dailyRewardsOf(token: string) {
  const answer = await v1({ token }, 'GET', '/v1/daily-rewards');
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { dailyRewards: { configId: string; popupUrl: string | null }[] }).dailyRewards;
}
const popupTokenOf = (popupUrl: string | null) => decodePopupSession(new URL(popupUrl ?? '').hash)?.token ?? '';

/**
 * The runtime's side of the setup: both games published (alice's with a second daily reward), alice-player signed
 * in from her own zone with her own attributes, holding what she claimed and what her game's backend granted and
 * took; bob-player in the same game; and a player of bob's game whose id is alice-player too.
 */
async function setUpRuntime(alicePack: Pack, bobPack: Pack) {
  configA = aliceIds.dailyRewardId;
  const second = (await alice.post(`/api/games/${aliceIds.gameId}/daily-rewards`, { name: 'Alice Ember Week' }))
    .body as DailyReward;
  configB = second.id;
  const days = await alice.request(`/api/games/${aliceIds.gameId}/daily-rewards/${configB}`, {
    method: 'PATCH',
    json: { rewards: weekOf(alicePack.id), cycleDays: 7 },
  });
  expect(days.status, days.text).toBe(200);
  await publishGame(alice, aliceIds.gameId);
  const bobReward = (await bob.post(`/api/games/${bobIds.gameId}/daily-rewards`, { name: 'Bob Week' }))
    .body as DailyReward;
  const bobDays = await bob.request(`/api/games/${bobIds.gameId}/daily-rewards/${bobReward.id}`, {
    method: 'PATCH',
    json: { rewards: weekOf(bobPack.id), cycleDays: 7 },
  });
  expect(bobDays.status, bobDays.text).toBe(200);
  await publishGame(bob, bobIds.gameId);
  const secretOf = async (gameId: string) =>
    (
      await server.database.db
        .select({ secret: schema.game.serverSecret })
        .from(schema.game)
        .where(eq(schema.game.id, gameId))
    )[0]?.secret ?? '';
  aliceSecret = await secretOf(aliceIds.gameId);
  bobSecret = await secretOf(bobIds.gameId);

  const signedInHer = await signIn(aliceIds.sdkKey, ALICE_PLAYER, {
    timeZone: 'Pacific/Chatham',
    attributes: { level: 987654321, country: 'AQ', totalSpend: 4321.5 },
  });
  her = { label: ALICE_PLAYER, playerId: ALICE_PLAYER, ...signedInHer, configIds: [configA, configB] };
  herClaimKey = `alice-player-claim-${randomUUID()}`;
  const claimed = await v1({ token: her.token }, 'POST', `/v1/daily-rewards/${configA}/claim`, {
    headers: { 'idempotency-key': herClaimKey },
  });
  expect(claimed.status, claimed.text).toBe(200);
  herClaimText = claimed.text;
  herNextClaimAt = (claimed.body as { dailyReward: { nextClaimAt: string } }).dailyReward.nextClaimAt;
  const operation = async (kind: 'grant' | 'consume', quantity: number) => {
    const path = `/v1/server/wallet/${kind}`;
    const json = { playerId: ALICE_PLAYER, items: [{ itemId: aliceIds.itemId, quantity }] };
    const key = `alice-player-${kind}-${randomUUID()}`;
    const answer = await v1({}, 'POST', path, {
      json,
      headers: signedBy(aliceIds.sdkKey, aliceSecret, path, json, key),
    });
    expect(answer.status, answer.text).toBe(200);
    return { key, text: answer.text };
  };
  herOperations = { grant: await operation('grant', 7654321), consume: await operation('consume', 1234) };
  // A player gets one config (decision 038): A (the older) until B targets her segment with a higher priority.
  const herStates = await dailyRewardsOf(her.token);
  const targeted = await alice.request(`/api/games/${aliceIds.gameId}/daily-rewards/${configB}/targeting`, {
    method: 'PUT',
    json: { segmentId: aliceIds.segmentId, startsAt: null, endsAt: null, priority: 1 },
  });
  expect(targeted.status, targeted.text).toBe(200);
  her.configIds = [configB];
  const herStatesThen = await dailyRewardsOf(her.token);
  herPopup = {
    A: popupTokenOf(herStates.find((s) => s.configId === configA)?.popupUrl ?? null),
    B: popupTokenOf(herStatesThen.find((s) => s.configId === configB)?.popupUrl ?? null),
  };
  expect(claimsOf(herPopup.A)).toMatchObject({ t: 'popup', p: her.ref, c: configA });
  expect(claimsOf(herPopup.B)).toMatchObject({ t: 'popup', p: her.ref, c: configB });

  bobPlayer = {
    label: 'bob-player',
    playerId: 'bob-player',
    ...(await signIn(aliceIds.sdkKey, 'bob-player')),
    configIds: [configA],
  };
  stranger = {
    label: 'the player of bob’s game named alice-player',
    playerId: ALICE_PLAYER,
    ...(await signIn(bobIds.sdkKey, ALICE_PLAYER)),
    configIds: [bobReward.id],
  };
  expect(new Set([her.ref, bobPlayer.ref, stranger.ref]).size).toBe(3);

  herNeedles = [
    her.ref,
    her.token,
    herPopup.A,
    herPopup.B,
    '987654321',
    '4321.5',
    'Pacific/Chatham',
    // Her day ends at her own (Chatham) midnight: no other player's state of the file holds this instant.
    herNextClaimAt,
  ];
  needles.push(aliceSecret, second.id, second.name);
  ownerOnlyNeedles = [
    ALICE_EMAIL,
    aliceIds.userId,
    aliceIds.studioId,
    aliceIds.segmentId,
    'Alice Quiet Whales',
    aliceSecret,
  ];
}

/** alice-player's needles with her large amounts as they are now (balances and ledger), for a text search. */
async function herNeedlesNow(): Promise<string[]> {
  const rows = await query(sql`select amount::text as amount from wallet_balance
      where player_ref = ${her.ref} and abs(amount) >= 1000
      union select amount::text from wallet_ledger where player_ref = ${her.ref} and abs(amount) >= 1000`);
  return [...herNeedles, ...rows.map((row) => String(row.amount))];
}

/**
 * Nothing of alice-player's in the answer (but what the caller sent), none of her ledger entries in a page of
 * entries, and none of her rows, nor the first owner's, changed.
 */
async function expectNothingOfHers(label: string, answer: Answer, more: string[] = [], exempt: string[] = []) {
  for (const needle of [...(await herNeedlesNow()), ...more]) {
    if (exempt.some((sent) => sent.includes(needle))) continue;
    expect(answer.text.includes(needle), `${label} answered with "${needle}": ${answer.text.slice(0, 500)}`).toBe(
      false,
    );
  }
  const entries = (answer.body as { entries?: unknown } | null)?.entries;
  if (Array.isArray(entries)) {
    const hers = await ledgerIdsOf(her.ref);
    const shown = entries.map((entry) => String((entry as { id?: unknown }).id));
    expect(
      shown.filter((id) => hers.has(id)),
      `${label} answered with alice-player's ledger entries`,
    ).toEqual([]);
  }
  expect(await herRows(), `${label} changed alice-player's data`).toBe(herBefore);
  expect(await aliceData(), `${label} changed the first owner's data`).toBe(aliceBefore);
}

type PlayerEntry = Extract<Entry, { access: 'player' }>;
const playerEntries = Object.entries(MATRIX).filter(
  (entry): entry is [string, PlayerEntry] => entry[1].access === 'player',
);
const serverEntries = Object.entries(MATRIX).filter(
  (entry): entry is [string, Extract<Entry, { access: 'server' }>] => entry[1].access === 'server',
);
const runtimePublicEntries = probedEntries.filter(([key]) => key.includes(' /v1/'));

function probeJson(probe: Probe): unknown {
  return probe.jsonOf ? probe.jsonOf({ alice: aliceIds, bob: bobIds }) : probe.json;
}

/** A player route's request: its method, its path with the config given (A by default), and its query. */
function playerRequest(key: string, configId = configA) {
  const [method = 'GET', pattern = ''] = key.split(' ');
  const entry = MATRIX[key] as PlayerEntry;
  const target = fill(pattern, { ...aliceIds, dailyRewardId: configId });
  // A claim carries its Idempotency-Key, so what refuses it is never a missing key.
  const headers: Record<string, string> = key.includes('/claim') ? { 'idempotency-key': randomUUID() } : {};
  return { method, target: entry.query ? `${target}?${entry.query}` : target, headers, json: entry.body?.(configId) };
}

/**
 * What a player route answers its caller: their own data and no one else's, checked against the database. A
 * player route without a check here fails its test.
 */
const OWN_ANSWER: Record<string, (answer: Answer, who: RuntimePlayer) => Promise<void>> = {
  'GET /v1/daily-rewards': async (answer, who) => {
    expect(answer.status, answer.text).toBe(200);
    const states = (answer.body as { dailyRewards: { configId: string; popupUrl: string | null }[] }).dailyRewards;
    expect(states.map((s) => s.configId).sort()).toEqual([...who.configIds].sort());
    for (const state of states) {
      // Each popup claims for the caller, and only the config it shows.
      expect(claimsOf(popupTokenOf(state.popupUrl))).toMatchObject({ t: 'popup', p: who.ref, c: state.configId });
    }
  },
  'POST /v1/daily-rewards/:configId/claim': async (answer, who) => {
    expect(answer.status, answer.text).toBe(200);
    expect(answer.text, 'a claim answered with alice-player’s stored answer').not.toBe(herClaimText);
    const body = answer.body as { balances: { itemId: string; amount: number }[]; granted: unknown };
    expect(body.granted).toEqual([{ itemId: aliceIds.itemId, key: expect.any(String), quantity: 3 }]);
    expect(sortBalances(body.balances)).toEqual(await balancesOf(who.ref));
  },
  'POST /v1/events': async (answer, who) => {
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ accepted: 1, duplicates: 0 });
    // Recorded for the token's player alone.
    const rows = await query(sql`select player_ref from analytics_event where id = ${lastEventId}`);
    expect(rows).toEqual([{ player_ref: who.ref }]);
  },
  'GET /v1/inventory': async (answer, who) => {
    expect(answer.status, answer.text).toBe(200);
    const body = answer.body as { balances: { itemId: string; amount: number }[] };
    expect(sortBalances(body.balances)).toEqual(await balancesOf(who.ref));
  },
  'GET /v1/inventory/ledger': async (answer, who) => {
    expect(answer.status, answer.text).toBe(200);
    const shown = (answer.body as { entries: { id: string }[] }).entries.map((entry) => entry.id).sort();
    expect(shown).toEqual([...(await ledgerIdsOf(who.ref))].sort());
  },
};

describe('the /v1 part of the matrix', () => {
  it('has a check of the caller’s own answer for every player route', () => {
    expect(playerEntries.map(([key]) => key).filter((key) => !(key in OWN_ANSWER))).toEqual([]);
  });

  it('starts from alice-player holding what she claimed and what her game’s backend granted, and two other players', async () => {
    const balances = await balancesOf(her.ref);
    // 10 at first, 3 claimed, 7,654,321 granted, 1,234 taken.
    expect(balances).toEqual([{ itemId: aliceIds.itemId, amount: 10 + 3 + 7654321 - 1234 }]);
    expect((await ledgerIdsOf(her.ref)).size).toBe(4);
    expect(await balancesOf(bobPlayer.ref)).toEqual([{ itemId: aliceIds.itemId, amount: 10 }]);
    expect(await balancesOf(stranger.ref)).toEqual([{ itemId: bobIds.itemId, amount: 10 }]);
    expect(herNeedles.every(Boolean)).toBe(true);
  });

  it('finds alice-player’s needles in her own answers, so their absence elsewhere means something', async () => {
    const inventory = await v1({ token: her.token }, 'GET', '/v1/inventory');
    const amount = (await balancesOf(her.ref))[0]?.amount ?? 0;
    expect(inventory.text).toContain(`"amount":${amount}`);
    expect((await herNeedlesNow()).filter((needle) => needle === String(amount))).toHaveLength(1);
    const states = await v1({ token: her.token }, 'GET', '/v1/daily-rewards');
    expect(states.text).toContain(herNextClaimAt);
    const ledger = await v1({ token: her.token }, 'GET', '/v1/inventory/ledger?limit=200');
    const ids = (ledger.body as { entries: { id: string }[] }).entries.map((entry) => entry.id);
    expect(ids.sort()).toEqual([...(await ledgerIdsOf(her.ref))].sort());
    expect(await herRows()).toBe(herBefore);
  });
});

describe('a /v1 route of one player (a bearer token)', () => {
  it.each(playerEntries)('refuses %s without a token, leaking and changing nothing', async (key) => {
    const { method, target, headers, json } = playerRequest(key);
    const answer = await v1({}, method, target, { headers, json });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ code: 'missing_token', message: RUNTIME_MESSAGES.tokenMissing });
    await expectNothingOfHers(`no token ${key}`, answer, ownerOnlyNeedles);
  });

  it.each(playerEntries)(
    'refuses %s to the game owner’s dashboard session (her cookie, no token), leaking and changing nothing',
    async (key) => {
      const { method, target, headers, json } = playerRequest(key);
      const answer = await v1({ client: alice }, method, target, { headers, json });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ code: 'missing_token', message: RUNTIME_MESSAGES.tokenMissing });
      await expectNothingOfHers(`owner's cookie ${key}`, answer, ownerOnlyNeedles);
    },
  );

  it.each(playerEntries)(
    'refuses %s to bob-player’s token rewritten to name alice-player, leaking and changing nothing',
    async (key) => {
      const [head, payload = '', signature] = bobPlayer.token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, p: her.ref })).toString('base64url')}.${signature}`;
      const { method, target, headers, json } = playerRequest(key);
      const answer = await v1({ token: forged }, method, target, { headers, json });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ code: 'invalid_token', message: RUNTIME_MESSAGES.tokenInvalid });
      await expectNothingOfHers(`forged token ${key}`, answer, ownerOnlyNeedles, [forged]);
    },
  );

  it.each(playerEntries)(
    'answers %s to bob-player, of the same game, with his own data only, changing nothing of alice-player’s',
    async (key) => {
      const { method, target, headers, json } = playerRequest(key);
      // A claim sends alice-player's own Idempotency-Key: keys are the player's, so it is his first claim.
      if (key.includes('/claim')) headers['idempotency-key'] = herClaimKey;
      const answer = await v1({ token: bobPlayer.token }, method, target, { headers, json });
      await OWN_ANSWER[key]?.(answer, bobPlayer);
      await expectNothingOfHers(`bob-player ${key}`, answer, ownerOnlyNeedles);
      if (key.includes('/claim')) {
        const again = await v1({ token: bobPlayer.token }, method, target, { headers, json });
        expect(again.text, 'a retry with the same key answers his own first answer').toBe(answer.text);
        await expectNothingOfHers(`bob-player again ${key}`, again, ownerOnlyNeedles);
      }
    },
  );

  it.each(playerEntries)(
    'answers %s to a player of another owner’s game (with her player id) without anything of alice’s game',
    async (key) => {
      const { method, target, headers, json } = playerRequest(key);
      const answer = await v1({ token: stranger.token }, method, target, { headers, json });
      if (key.includes('/claim') || key === 'POST /v1/events') {
        // Another game's config is not found, exactly like one that does not exist.
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ code: 'not_found', message: RUNTIME_MESSAGES.configNotFound });
        const missing = playerRequest(key, '00000000-0000-4000-8000-000000000000');
        const unknown = await v1({ token: stranger.token }, missing.method, missing.target, {
          headers: missing.headers,
          json: missing.json,
        });
        expect(answer.body).toEqual(unknown.body);
        expect(await balancesOf(stranger.ref)).toEqual([{ itemId: bobIds.itemId, amount: 10 }]);
      } else {
        await OWN_ANSWER[key]?.(answer, stranger);
      }
      // Nothing of the first owner's game either: its ids, names, key and secret.
      await expectNothingOfHers(`other game's player ${key}`, answer, needles);
    },
  );

  it.each(playerEntries)(
    'lets alice-player’s popup token reach %s only to claim its own config',
    async (key, entry) => {
      const { method, target, headers, json } = playerRequest(key);
      if (entry.popup === 'refused') {
        const answer = await v1({ token: herPopup.A }, method, target, { headers, json });
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ code: 'token_scope', message: RUNTIME_MESSAGES.tokenScope });
        await expectNothingOfHers(`popup token ${key}`, answer, ownerOnlyNeedles, [herPopup.A]);
        return;
      }
      // B's popup token on A: refused. A's on A: let through, and refused only because A is no longer hers (B
      // targets her with a higher priority).
      const other = await v1({ token: herPopup.B }, method, target, { headers, json });
      expect(other.status).toBe(403);
      expect(other.body).toEqual({ code: 'token_scope', message: RUNTIME_MESSAGES.tokenScope });
      await expectNothingOfHers(`B's popup token ${key}`, other, ownerOnlyNeedles, [herPopup.B]);
      if (key === 'POST /v1/events') {
        // A's popup token reports A for her alone.
        await OWN_ANSWER[key]?.(await v1({ token: herPopup.A }, method, target, { headers, json }), her);
        expect(await herRows()).toBe(herBefore);
        return;
      }
      const own = await v1({ token: herPopup.A }, method, target, { headers: { 'idempotency-key': randomUUID() } });
      expect(own.status).toBe(409);
      expect(own.body).toMatchObject({ code: 'not_targeted' });
      expect(await herRows()).toBe(herBefore);
    },
  );

  it('lets alice-player’s popup token of B claim B for her alone, once', async () => {
    const bobBefore = await playerRows(bobPlayer.ref);
    const claimed = await v1({ token: herPopup.B }, 'POST', `/v1/daily-rewards/${configB}/claim`, {
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(claimed.status, claimed.text).toBe(200);
    const body = claimed.body as { balances: { itemId: string; amount: number }[] };
    expect(sortBalances(body.balances)).toEqual(await balancesOf(her.ref));
    expect(await balancesOf(her.ref)).toEqual([{ itemId: aliceIds.itemId, amount: 10 + 3 + 3 + 7654321 - 1234 }]);
    expect(await playerRows(bobPlayer.ref)).toBe(bobBefore);
    herBefore = await herRows();
    const again = await v1({ token: herPopup.B }, 'POST', `/v1/daily-rewards/${configB}/claim`, {
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(again.status).toBe(409);
    expect(await herRows()).toBe(herBefore);
  });
});

describe('a /v1 route of the game’s backend (signed with its server secret)', () => {
  const grantOf = (itemId: string, quantity = 5) => ({ playerId: ALICE_PLAYER, items: [{ itemId, quantity }] });

  it.each(serverEntries)(
    'refuses %s unsigned: with nothing, the owner’s cookie or a player’s token, changing nothing',
    async (key) => {
      const target = key.split(' ')[1] ?? '';
      const json = grantOf(aliceIds.itemId);
      const callers: [string, { token?: string; client?: TestClient }][] = [
        ['nothing', {}],
        ["the owner's cookie", { client: alice }],
        ["alice-player's token", { token: her.token }],
        ["bob-player's token", { token: bobPlayer.token }],
      ];
      for (const [who, caller] of callers) {
        const answer = await v1(caller, 'POST', target, { json, headers: { 'idempotency-key': randomUUID() } });
        expect(answer.status, `${who}: ${answer.text}`).toBe(401);
        expect(answer.body).toEqual({ code: 'missing_signature', message: RUNTIME_MESSAGES.serverAuthMissing });
        await expectNothingOfHers(`${who} ${key}`, answer, ownerOnlyNeedles);
      }
    },
  );

  it.each(serverEntries)(
    'refuses %s signed with another game’s secret, either way round, changing nothing',
    async (key) => {
      const target = key.split(' ')[1] ?? '';
      const json = grantOf(aliceIds.itemId);
      const pairs: [string, string, string][] = [
        ["alice's key, bob's game's secret", aliceIds.sdkKey, bobSecret],
        ["bob's key, alice's game's secret", bobIds.sdkKey, aliceSecret],
      ];
      for (const [how, sdkKey, secret] of pairs) {
        const answer = await v1({}, 'POST', target, { json, headers: signedBy(sdkKey, secret, target, json) });
        expect(answer.status, `${how}: ${answer.text}`).toBe(401);
        expect(answer.body).toEqual({ code: 'invalid_signature', message: RUNTIME_MESSAGES.serverAuthInvalid });
        await expectNothingOfHers(`${how} ${key}`, answer, ownerOnlyNeedles);
      }
    },
  );

  it.each(serverEntries)(
    'refuses %s with alice’s game’s own signature of another route or another body, changing nothing',
    async (key) => {
      const target = key.split(' ')[1] ?? '';
      const otherRoute = target.endsWith('/grant') ? '/v1/server/wallet/consume' : '/v1/server/wallet/grant';
      const json = grantOf(aliceIds.itemId, 1);
      const moved = await v1({}, 'POST', target, {
        json,
        headers: signedBy(aliceIds.sdkKey, aliceSecret, otherRoute, json),
      });
      expect(moved.status, moved.text).toBe(401);
      await expectNothingOfHers(`signature of ${otherRoute} on ${key}`, moved, ownerOnlyNeedles);
      const signedHeaders = signedBy(aliceIds.sdkKey, aliceSecret, target, json);
      const changed = await v1({}, 'POST', target, { json: grantOf(aliceIds.itemId, 1000), headers: signedHeaders });
      expect(changed.status, changed.text).toBe(401);
      expect(changed.body).toEqual({ code: 'invalid_signature', message: RUNTIME_MESSAGES.serverAuthInvalid });
      await expectNothingOfHers(`another body on ${key}`, changed, ownerOnlyNeedles);
    },
  );

  it.each(serverEntries)(
    'answers %s signed for bob’s game, naming alice-player, with that game’s own player only',
    async (key) => {
      const target = key.split(' ')[1] ?? '';
      const kind = target.endsWith('/grant') ? 'grant' : 'consume';
      // Alice's item is not of bob's game.
      const foreign = grantOf(aliceIds.itemId, 1);
      const refused = await v1({}, 'POST', target, {
        json: foreign,
        headers: signedBy(bobIds.sdkKey, bobSecret, target, foreign),
      });
      expect(refused.status, refused.text).toBe(422);
      expect(refused.body).toMatchObject({ code: 'unknown_item' });
      // The item id it names back is the one it was sent.
      await expectNothingOfHers(`bob's backend with alice's item ${key}`, refused, needles, [JSON.stringify(foreign)]);
      // Bob's item, with the Idempotency-Key alice's backend used: keys are each game's, so this is bob's own call.
      const strangerBefore = await balancesOf(stranger.ref);
      const own = grantOf(bobIds.itemId, 1);
      const answer = await v1({}, 'POST', target, {
        json: own,
        headers: signedBy(bobIds.sdkKey, bobSecret, target, own, herOperations[kind].key),
      });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.text).not.toBe(herOperations[kind].text);
      const body = answer.body as { playerId: string; balances: { itemId: string; amount: number }[] };
      expect(body.playerId).toBe(ALICE_PLAYER);
      expect(sortBalances(body.balances)).toEqual(await balancesOf(stranger.ref));
      const before = strangerBefore[0]?.amount ?? 0;
      expect(await balancesOf(stranger.ref)).toEqual([
        { itemId: bobIds.itemId, amount: kind === 'grant' ? before + 1 : before - 1 },
      ]);
      await expectNothingOfHers(`bob's backend ${key}`, answer, needles);
    },
  );
});

describe('a /v1 route open to any game client', () => {
  it.each(runtimePublicEntries)(
    'answers %s to every game client without a 5xx, leaking and changing nothing of alice-player’s',
    async (key, entry) => {
      const callers: [string, { token?: string; client?: TestClient }][] = [
        ['no token', {}],
        ["the owner's cookie", { client: alice }],
        ['bob-player', { token: bobPlayer.token }],
        ["the other game's player", { token: stranger.token }],
        ["alice-player's popup token", { token: herPopup.A }],
      ];
      for (const [who, caller] of callers) {
        for (const probe of entry.probes) {
          const declared = probe.method ?? key.split(' ')[0] ?? 'GET';
          const method = declared === 'ALL' ? 'GET' : declared;
          const target = probe.query ? `${probe.path}?${probe.query}` : probe.path;
          const json = probeJson(probe);
          const answer = await v1(caller, method, target, { json });
          const label = `${who} ${method} ${target} ${JSON.stringify(json ?? null)}`;
          expect(answer.status, `${label}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
          if (answer.status >= 400) {
            expect(answer.body, label).toMatchObject({ code: expect.any(String), message: expect.any(String) });
          }
          const sent = [JSON.stringify(json ?? null), caller.token ?? ''];
          await expectNothingOfHers(label, answer, ownerOnlyNeedles, sent);
        }
      }
    },
  );

  it('signs in only a new player or the other game’s namesake, never alice-player, with these probes', async () => {
    const newcomer = await query(
      sql`select count(*)::int as n from player where game_id = ${aliceIds.gameId} and player_id = 'matrix-newcomer'`,
    );
    expect(newcomer[0]?.n).toBe(1);
    const named = await query(sql`select game_id from player where player_id = ${ALICE_PLAYER} order by game_id`);
    expect(named.map((row) => row.game_id).sort()).toEqual([aliceIds.gameId, bobIds.gameId].sort());
  });

  const preflighted = Object.keys(MATRIX).filter((key) => key.includes(' /v1/') && !key.startsWith('ALL '));
  it.each(preflighted)(
    'answers a CORS preflight of %s for any origin, without credentials, data or change',
    async (key) => {
      const [method = 'GET', pattern = ''] = key.split(' ');
      const answer = await v1({ client: alice }, 'OPTIONS', fill(pattern, aliceIds), {
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization, idempotency-key, content-type',
        },
      });
      expect(answer.status).toBe(204);
      expect(answer.text).toBe('');
      await expectNothingOfHers(`preflight ${key}`, answer, needles);
    },
  );
});

describe('a /api route with a /v1 token instead of a session', () => {
  it.each(protectedEntries)(
    'refuses %s to alice-player’s runtime and popup tokens as to no session, leaking and changing nothing',
    async (key, entry) => {
      const [method = '', pattern = ''] = key.split(' ');
      for (const token of [her.token, herPopup.A]) {
        const answer = await send(server.client(), method, fill(pattern, aliceIds), {
          ...payloadOf(entry, aliceIds),
          headers: { authorization: `Bearer ${token}` },
        });
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ code: 'UNAUTHORIZED', message: API_MESSAGES.notSignedIn });
        await expectNothingOfAlice(`runtime token ${key}`, answer);
        expect(await herRows(), `runtime token ${key} changed alice-player's data`).toBe(herBefore);
      }
    },
  );
});

describe('alice-player’s id when her game requires signed player ids', () => {
  it('signs nobody in as her without a signature of her id by her game’s own secret', async () => {
    const required = await alice.request(`/api/games/${aliceIds.gameId}`, {
      method: 'PATCH',
      json: { requireSignedPlayerIds: true },
    });
    expect(required.status, required.text).toBe(200);
    try {
      const expires = Math.floor(CLOCK.time / 1000) + 600;
      const attempts: [string, Record<string, unknown>, string][] = [
        ['no signature', {}, 'signature_required'],
        [
          "bob-player's signature",
          { playerSignature: signPlayerId('bob-player', aliceSecret, expires) },
          'invalid_signature',
        ],
        [
          "bob's game's secret",
          { playerSignature: signPlayerId(ALICE_PLAYER, bobSecret, expires) },
          'invalid_signature',
        ],
      ];
      for (const [how, extra, code] of attempts) {
        const json = { sdkKey: aliceIds.sdkKey, playerId: ALICE_PLAYER, attributes: { level: 1 }, ...extra };
        const answer = await v1({}, 'POST', '/v1/sessions', { json });
        expect(answer.status, `${how}: ${answer.text}`).toBe(401);
        expect(answer.body).toMatchObject({ code });
        expect(await herRows(), `${how} changed alice-player's data`).toBe(herBefore);
        for (const needle of herNeedles)
          expect(answer.text.includes(needle), `${how} answered "${needle}"`).toBe(false);
      }
    } finally {
      const back = await alice.request(`/api/games/${aliceIds.gameId}`, {
        method: 'PATCH',
        json: { requireSignedPlayerIds: false },
      });
      expect(back.status, back.text).toBe(200);
      aliceBefore = await aliceData();
    }
  });
});
