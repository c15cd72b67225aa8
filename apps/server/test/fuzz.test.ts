import { request as httpRequest } from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { inspectRoutes } from 'hono/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ITEM_ICON_IDS,
  ITEM_TYPES,
  PLATFORMS,
  type Asset,
  type DailyReward,
  type Game,
  type Item,
  type Pack,
  type Segment,
} from '@liveops/domain';
import type { Config } from '../src/env';
import * as schema from '../src/db/schema';
import { PASSWORD, signedInClient } from './support/accounts';
import { createTestDatabases, type TestDatabases } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Hostile input against every write route, every path parameter and the auth endpoints users can reach: no
 * answer may be a 5xx, and a refused request (4xx) must leave every table as it was. One seed per run, printed;
 * FUZZ_SEED=<n> replays a run, FUZZ_RUNS=<n> changes its size, LOG_LEVEL=error shows the server's stack traces.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const LOG_LEVEL = (process.env.LOG_LEVEL ?? 'silent') as Config['logLevel'];
/** No display-name limit the server could reasonably choose is longer than this. */
const DISPLAY_NAME_LIMIT = 256;

// ---------------------------------------------------------------------------------------------------------------
// Hostile values

/** A long string that prints as its recipe, so a counterexample stays readable. */
class Long {
  constructor(
    readonly unit: string,
    readonly times: number,
  ) {}
  toJSON(): string {
    return this.unit.repeat(this.times);
  }
  [fc.toStringMethod](): string {
    return `${JSON.stringify(this.unit)}.repeat(${this.times})`;
  }
}
/** A number written into the JSON text as is (1e309, -0, 30 digits), which JSON.stringify cannot produce. */
class RawNumber {
  constructor(readonly literal: string) {}
  toJSON(): string {
    return `\u0001RAW:${this.literal}\u0001`;
  }
  [fc.toStringMethod](): string {
    return `raw(${this.literal})`;
  }
}
const jsonText = (value: unknown): string =>
  JSON.stringify(value).replace(/"\\u0001RAW:([^"\\]*)\\u0001"/g, (_m, literal: string) => literal);
const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : value instanceof Long ? value.toJSON() : jsonText(value);

const hostileUnit = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\u0001',
    '\u0007',
    '\u001b',
    '\u007f',
    '\u0085',
    '\u2028',
    '\u202e',
    '\u200b',
    '\u200c',
    '\u200d',
    '\ufeff',
    '\ud800',
    '\udfff',
    '%',
    '\\',
    '"',
    "'",
    '<',
    '/',
    '\n',
    ' ',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const hostileString: fc.Arbitrary<string | Long> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'Gold\u0000',
    '\u200b\u200c\u200d\ufeff',
    '\ud800',
    'x\udfff',
    '%00',
    '%ZZ',
    '%0A',
    '1e309',
    'NaN',
    '-0',
    'Infinity',
    'javascript:alert(1)',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '__proto__',
    '',
    ' ',
    'a\ud800b',
    '\u200bX',
    'Ä\u0000Ö',
    'Tab\tNew\nline',
  ),
  fc.string({ unit: hostileUnit, maxLength: 24 }),
  fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), hostileUnit).map(([text, unit]) => `${text}${unit}${text}`),
  fc
    .tuple(fc.constantFrom('x', '\u0000', '\u200b', 'é'), fc.constantFrom(60 * 1024, 100 * 1024))
    .map(([unit, kib]) => new Long(unit, kib)),
);
const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(1e-300, -0, 0, -1, 0.005, 1.005, 1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 63)),
  fc
    .constantFrom('1e309', '-1e309', '1e-400', '-0', '123456789012345678901234567890', '0.1e1')
    .map((literal) => new RawNumber(literal)),
  fc.double(),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [[[[[]]]]], { a: { b: { c: {} } } }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);
/** A field of a schema-shaped body: a valid value, or something hostile in its place. */
const field = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: hostileValue });
/**
 * A schema-shaped body from valid field values: mostly valid but for one hostile field (so the hostile value gets
 * past the others' validation), sometimes hostile throughout, with fields left out or an unexpected one added.
 */
function shaped(valid: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  const record = fc.record(valid);
  const withField = (names: string[]) =>
    fc
      .tuple(record, fc.constantFrom(...names), hostileValue)
      .map(([fields, key, value]) => ({ ...fields, [key]: value }));
  return fc.oneof(
    { weight: 1, arbitrary: record },
    { weight: 5, arbitrary: withField(keys) },
    { weight: 2, arbitrary: fc.record(Object.fromEntries(keys.map((key) => [key, field(valid[key]!)]))) },
    { weight: 1, arbitrary: fc.record(valid, { requiredKeys: [] }) },
    { weight: 1, arbitrary: withField(['__proto__', 'constructor', 'id', 'ownerId', '\u0000']) },
  );
}

/** What goes on the wire: a content type and bytes, printed (in a counterexample too) as what made them. */
class Body {
  constructor(
    readonly type: string | null,
    readonly bytes: Buffer,
    readonly shown: string,
  ) {}
  static text(type: string | null, text: string): Body {
    return new Body(
      type,
      Buffer.from(text),
      text.length > 300 ? `${JSON.stringify(text.slice(0, 300))}…(${text.length} characters)` : JSON.stringify(text),
    );
  }
  [fc.toStringMethod](): string {
    return `${this.type ?? '(no content type)'} ${this.shown}`;
  }
}
const asJson = (value: unknown): Body =>
  new Body('application/json', Buffer.from(jsonText(value)), fc.stringify(value));
const CONTENT_TYPES = [
  null,
  'application/json',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
];
const MALFORMED = [
  '',
  '{"name":',
  '{',
  '}',
  'null',
  '[]',
  '"text"',
  '\ufeff{}',
  '{"a":1}{"b":2}',
  '{"name":"x\u0000"}',
  '{"__proto__":{"polluted":true}}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  '{"value":1e400,"baseAmount":123456789012345678901234567890}',
];
function body(shape: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 6, arbitrary: shape.map(asJson) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(asJson) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...CONTENT_TYPES), fc.oneof(fc.constantFrom(...MALFORMED), shape.map(jsonText)))
        .map(([type, text]) => Body.text(type, text)),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 64 })
        .map((bytes) => new Body('application/json', Buffer.from(bytes), `bytes [${bytes.join(',')}]`)),
    },
  );
}

/** A path segment as sent: '%' kept as is (so %00, %ZZ and %0A reach the server raw), anything else escaped. */
function segment(value: string): string {
  let out = '';
  for (const char of value) {
    if (/[A-Za-z0-9\-._~!$&'()*+,;=:@%]/.test(char)) out += char;
    else {
      const code = char.codePointAt(0) ?? 0;
      // Lone surrogates have no UTF-8 form; send their WTF-8 bytes, as a hostile client could.
      const bytes =
        code >= 0xd800 && code <= 0xdfff
          ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          : [...Buffer.from(char)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
    }
  }
  return out;
}
const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    '%ZZ',
    '%0A',
    '%',
    '%E0%A4%A',
    '%ED%A0%80',
    '%C0%AF',
    '%2F',
    '%2e%2e',
    '..',
    '%uD800',
    'x'.repeat(5000),
    '%00'.repeat(100),
  ),
  hostileString.map((value) => segment(textOf(value).slice(0, 8000)) || '%20'),
);

// ---------------------------------------------------------------------------------------------------------------
// The server, its owner and the raw requests

let databases: TestDatabases;
let server: TestServer;
let requests = 0;
let properties = 0;
let runs = 0;

/** A visitor's cookie jar. */
class Visitor {
  readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  receive(setCookies: string[]): void {
    for (const cookie of setCookies) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      if (at < 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  hasSession(): boolean {
    return [...this.cookies.keys()].some((name) => name.endsWith('session_token'));
  }
  static from(cookieHeader: string): Visitor {
    const visitor = new Visitor();
    visitor.receive(cookieHeader ? cookieHeader.split('; ') : []);
    return visitor;
  }
}

type Sent = { method: string; path: string; body?: Body; visitor?: Visitor };
type Got = { status: number; text: string };

function describeRequest({ method, path: target, body: sent, visitor }: Sent): string {
  const who = !visitor ? 'anonymous' : visitor.hasSession() ? 'signed in' : 'no session';
  const shown = sent
    ? ` content-type=${sent.type ?? '(none)'} body(${sent.bytes.length} bytes)=${JSON.stringify(sent.shown.slice(0, 300))}`
    : '';
  return `${method} ${target.length > 300 ? `${target.slice(0, 300)}…(${target.length})` : target} [${who}]${shown}`;
}

/**
 * Sends exactly this path and these bytes (fetch would normalise the path), with a valid Origin, on a connection
 * of its own (a kept-alive one may be closed by the server just as it is reused).
 */
function send({ method, path: target, body: sent, visitor }: Sent): Promise<Got> {
  requests++;
  const url = new URL(server.url);
  const headers: Record<string, string> = { origin: server.config.publicUrl, connection: 'close' };
  if (visitor?.cookies.size) headers.cookie = visitor.header();
  if (sent?.type) headers['content-type'] = sent.type;
  if (sent) headers['content-length'] = String(sent.bytes.length);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path: target, headers, agent: false },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          visitor?.receive(response.headers['set-cookie'] ?? []);
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() });
        });
        response.on('error', reject);
      },
    );
    // The server may answer (413, say) before reading the whole body and close: only no answer at all is a failure.
    req.on('error', (error) => {
      if (!answered)
        reject(
          new Error(
            `${describeRequest({ method, path: target, body: sent, visitor })} got no answer: ${error.message}`,
          ),
        );
    });
    req.end(sent?.bytes);
  });
}

/** The tables a request could write, but rate-limit counters; sessions are counted (their rows age as used). */
const TABLES = ['user', 'account', 'verification', 'game', 'asset', 'segment', 'item', 'pack'] as const;

type Snapshot = Record<string, string>;

/**
 * Every table's row count and a digest of its rows, in one query (the database does the hashing, so a snapshot
 * per request stays cheap), plus the stored files.
 */
async function snapshot(): Promise<Snapshot> {
  const columns = TABLES.map(
    (table) =>
      `(SELECT count(*) || ' rows ' || md5(coalesce(string_agg(t::text, '|' ORDER BY t.id), '')) FROM "${table}" t) AS "${table}"`,
  );
  const query = `SELECT ${columns.join(', ')}, (SELECT count(*) || ' rows' FROM "session") AS "session"`;
  const result = (await server.database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] };
  const files = await readdir(path.join(server.config.dataDir, 'storage'), { recursive: true }).catch(() => []);
  const row = result.rows[0] ?? {};
  return {
    ...Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)])),
    'stored files': JSON.stringify(files.sort()),
  };
}

function changes(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(before)
    .filter((key) => before[key] !== after[key])
    .map((key) => `${key}: ${(before[key] ?? '').slice(0, 200)} → ${(after[key] ?? '').slice(0, 200)}`);
}

/** Nothing a person sees as blank (spaces and the zero-width characters alone) or holding NUL is a name. */
const BLANK = /^[\s\u200b-\u200d\u2060\ufeff]*$/;
function nameProblem(text: string): string | null {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return null;
  }
  const name = (answer as { name?: unknown } | null)?.name;
  if (typeof name !== 'string') return null;
  if (BLANK.test(name)) return `the blank name ${JSON.stringify(name)}`;
  if (name.includes('\u0000')) return `the name ${JSON.stringify(name)}, which holds NUL`;
  return null;
}

/** One request under the two rules: never a 5xx, and a refusal stores nothing. */
async function check(sent: Sent): Promise<Got> {
  const before = await snapshot();
  const got = await send(sent);
  if (got.status >= 500) {
    throw new Error(`${describeRequest(sent)} answered ${got.status}: ${got.text.slice(0, 300)}`);
  }
  const stored = got.status < 300 ? nameProblem(got.text) : null;
  if (stored) throw new Error(`${describeRequest(sent)} was accepted (${got.status}) with ${stored}`);
  if (got.status >= 400) {
    const changed = changes(before, await snapshot());
    if (changed.length) {
      throw new Error(`${describeRequest(sent)} was refused with ${got.status} but stored:\n${changed.join('\n')}`);
    }
  }
  return got;
}

/** Runs a property with the run's seed; a failure reports the shrunk request and how to replay it. */
async function fuzz<T>(
  arbitrary: fc.Arbitrary<T>,
  numRuns: number,
  predicate: (value: T) => Promise<void>,
  /** Known-hostile inputs run first, every run, so the bugs they once found stay found. */
  examples: T[] = [],
) {
  properties++;
  await fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      runs++;
      await predicate(value);
    }),
    { seed: SEED, numRuns, examples: examples.map((example) => [example] as [T]) },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Fixtures

type Ids = {
  gameId: string;
  itemId: string;
  packId: string;
  segmentId: string;
  assetId: string;
  dailyRewardId: string;
};
let owner: Visitor;
let ownerIds: Ids;
let fuzzer: Visitor;
let fuzzerEmail: string;
let fuzzerPassword = PASSWORD;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function multipart(form: FormData, shown: string): Promise<Body> {
  const request = new Request('http://multipart.test/', { method: 'POST', body: form });
  return new Body(request.headers.get('content-type'), Buffer.from(await request.arrayBuffer()), shown);
}

beforeAll(async () => {
  databases = await createTestDatabases();
  server = await startTestServer(await databases.create(), { authRateLimitMax: 100_000, logLevel: LOG_LEVEL });
  const ownerClient = await signedInClient(server, 'fuzz-owner@studio.test');
  owner = Visitor.from(ownerClient.cookieHeader());
  const game = (await ownerClient.post('/api/games', { name: 'Fuzz Game', description: 'fuzzed', platforms: ['Web'] }))
    .body as Game;
  const form = new FormData();
  form.set('name', 'Fuzz Art');
  form.set('assetId', 'fuzzart');
  form.set('file', new Blob([PNG], { type: 'image/png' }), 'art.png');
  const uploaded = await send({
    method: 'POST',
    path: `/api/games/${game.id}/assets`,
    body: await multipart(form, 'png'),
    visitor: owner,
  });
  expect(uploaded.status).toBe(201);
  const asset = JSON.parse(uploaded.text) as Asset;
  const item = (
    await ownerClient.post(`/api/games/${game.id}/items`, {
      name: 'Fuzz Gold',
      type: 'currency',
      value: 1,
      baseAmount: 1,
      iconId: 'coin',
    })
  ).body as Item;
  const pack = (
    await ownerClient.post(`/api/games/${game.id}/packs`, {
      name: 'Fuzz Pack',
      contents: [{ itemId: item.id, quantity: 1 }],
    })
  ).body as Pack;
  const segmentRow = (
    await ownerClient.post(`/api/games/${game.id}/segments`, { name: 'Fuzz Whales', expression: 'player.level > 3' })
  ).body as Segment;
  const reward = (await ownerClient.post(`/api/games/${game.id}/daily-rewards`, {})).body as DailyReward;
  ownerIds = {
    gameId: game.id,
    itemId: item.id,
    packId: pack.id,
    segmentId: segmentRow.id,
    assetId: asset.assetId,
    dailyRewardId: reward.id,
  };
  expect(Object.values(ownerIds).every(Boolean)).toBe(true);

  fuzzerEmail = 'fuzz-account@studio.test';
  fuzzer = Visitor.from((await signedInClient(server, fuzzerEmail)).cookieHeader());
  console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${RUNS} runs per property`);
}, 180_000);

afterAll(async () => {
  console.log(`fuzz: ${properties} properties, ${runs} runs, ${requests} requests, seed ${SEED}`);
  await server?.close();
  await databases?.close();
});

// ---------------------------------------------------------------------------------------------------------------
// The app's write routes

const name = fc.string({ minLength: 1, maxLength: 30 });
const hex = fc.stringMatching(/^#[0-9A-Fa-f]{6}$/);

/** Every POST/PATCH/PUT/DELETE under /api that the app itself answers, with the input it takes. */
const WRITES: Record<string, { input: 'json' | 'multipart' | 'path'; shape?: (ids: Ids) => fc.Arbitrary<unknown> }> = {
  'POST /api/games': {
    input: 'json',
    shape: () =>
      shaped({
        name: name,
        description: name,
        platforms: fc.subarray([...PLATFORMS], { minLength: 1 }),
        orientation: fc.constantFrom('portrait', 'landscape'),
      }),
  },
  'PATCH /api/games/:id': {
    input: 'json',
    shape: () => shaped({ name: name, description: name, platforms: fc.subarray([...PLATFORMS], { minLength: 1 }) }),
  },
  // Never the game's name, whatever the other runs renamed it to: every run is refused and must change nothing.
  'DELETE /api/games/:id': {
    input: 'json',
    shape: () => shaped({ confirmation: fc.constantFrom('', 'fuzz game', 'Fuzz Gam', 'x'.repeat(10_240), ' ') }),
  },
  'POST /api/games/:id/duplicate': { input: 'json', shape: () => shaped({ name: name }) },
  'PATCH /api/games/:id/orientation': {
    input: 'json',
    shape: () => shaped({ orientation: fc.constantFrom('portrait', 'landscape') }),
  },
  'PATCH /api/games/:id/theme': {
    input: 'json',
    shape: () => shaped({ theme: shaped({ primaryColor: hex, secondaryColor: hex }) }),
  },
  // No body: each run regenerates or rotates, which is what they are for (decision 035).
  'POST /api/games/:id/sdk-key': { input: 'path' },
  'POST /api/games/:id/server-secret': { input: 'path' },
  'POST /api/games/:gameId/assets': { input: 'multipart' },
  'DELETE /api/games/:gameId/assets/:assetId': { input: 'path' },
  'POST /api/games/:gameId/items': { input: 'json', shape: (ids) => itemShape(ids) },
  'PATCH /api/games/:gameId/items/:itemId': { input: 'json', shape: (ids) => itemShape(ids) },
  'DELETE /api/games/:gameId/items/:itemId': { input: 'path' },
  'POST /api/games/:gameId/packs': { input: 'json', shape: (ids) => packShape(ids) },
  'PATCH /api/games/:gameId/packs/:packId': { input: 'json', shape: (ids) => packShape(ids) },
  'DELETE /api/games/:gameId/packs/:packId': { input: 'path' },
  'POST /api/games/:gameId/segments': {
    input: 'json',
    shape: () =>
      shaped({
        name: name,
        description: name,
        expression: fc.constantFrom(
          'player.level > 3',
          'player.country == "DE"',
          'player.totalSpend > 100.0 && player.platform in ["iOS", "Android"]',
          `${'('.repeat(600)}true${')'.repeat(600)}`,
          `${'!'.repeat(1999)}true`,
          `player.level > ${'9'.repeat(400)}`,
          'player.country == "\u0000"',
          'player.country.matches(".*")',
          `[${'[1],'.repeat(400)}[1]].size() > 0`,
          'player.level / 0 > 1',
        ),
      }),
  },
  'PATCH /api/games/:gameId/segments/:segmentId': {
    input: 'json',
    shape: () =>
      shaped({
        name: name,
        description: name,
        expression: fc.constantFrom('player.level > 4', `player.level > ${'9'.repeat(400)}`, 'player.nope == 1'),
      }),
  },
  'DELETE /api/games/:gameId/segments/:segmentId': { input: 'path' },
  'POST /api/games/:gameId/daily-rewards': { input: 'json', shape: () => shaped({ name: name }) },
  'PATCH /api/games/:gameId/daily-rewards/:dailyRewardId': { input: 'json', shape: (ids) => rewardsShape(ids) },
  'PUT /api/games/:gameId/daily-rewards/:dailyRewardId/layout': { input: 'json', shape: () => layoutShape() },
  'DELETE /api/games/:gameId/daily-rewards/:dailyRewardId': { input: 'path' },
  'POST /api/games/:gameId/releases': {
    input: 'json',
    shape: (ids) =>
      shaped({
        note: fc.oneof(name, fc.constantFrom('x'.repeat(281), '\u200b', '')),
        leaveOut: fc.array(fc.constantFrom(ids.dailyRewardId, 'not-a-config', ''), { maxLength: 3 }),
      }),
  },
  'POST /api/games/:gameId/releases/:version/live': { input: 'path' },
  // The owner signs in with PASSWORD, which no generated value is: every run is refused and must change nothing.
  'DELETE /api/account': {
    input: 'json',
    shape: () =>
      shaped({
        password: fc.string({ maxLength: 40 }).filter((p) => p !== PASSWORD),
        confirmation: fc.constantFrom('fuzz-owner@studio.test', 'FUZZ-OWNER@studio.test', ''),
      }),
  },
};

/** A body each JSON write route accepts, for the known-hostile examples and the path-parameter runs. */
function validBody(key: string, ids: Ids): Record<string, unknown> | undefined {
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/games': { name: 'Fuzz Game', description: 'fuzzed', platforms: ['Web'] },
    'PATCH /api/games/:id': { name: 'Fuzz Game', description: 'fuzzed', platforms: ['Web'] },
    'POST /api/games/:id/duplicate': { name: 'Fuzz Copy' },
    'PATCH /api/games/:id/orientation': { orientation: 'landscape' },
    'PATCH /api/games/:id/theme': { theme: { primaryColor: '#000000', secondaryColor: '#FFFFFF' } },
    'POST /api/games/:gameId/items': { name: 'Fuzz Gem', type: 'currency', value: 1, baseAmount: 1, iconId: 'gem' },
    'POST /api/games/:gameId/packs': { name: 'Fuzz Bundle', contents: [{ itemId: ids.itemId, quantity: 1 }] },
    'POST /api/games/:gameId/segments': { name: 'Fuzz Segment', expression: 'player.level > 3' },
    'POST /api/games/:gameId/daily-rewards': { name: 'Fuzz Week' },
    'PATCH /api/games/:gameId/daily-rewards/:dailyRewardId': {
      name: 'Fuzz Week',
      rewards: Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: ids.packId })),
      cycleDays: 7,
    },
    'PUT /api/games/:gameId/daily-rewards/:dailyRewardId/layout': {
      uiLayout: { id: 'root', type: 'Root', props: {}, children: [] },
    },
    'POST /api/games/:gameId/releases': { note: 'Fuzz release' },
  };
  bodies['PATCH /api/games/:gameId/items/:itemId'] = bodies['POST /api/games/:gameId/items']!;
  bodies['PATCH /api/games/:gameId/packs/:packId'] = bodies['POST /api/games/:gameId/packs']!;
  bodies['PATCH /api/games/:gameId/segments/:segmentId'] = bodies['POST /api/games/:gameId/segments']!;
  return bodies[key];
}

const DEEP = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
/** NUL, a lone surrogate and a zero-width-only name in an otherwise valid body, and JSON nested 20,000 deep. */
function knownHostile(valid: Record<string, unknown> | undefined): Body[] {
  const names = ['Gold\u0000', 'a\ud800b', '\u200b\u200c\u200d\ufeff'];
  const named = valid && 'name' in valid ? names.map((name) => asJson({ ...valid, name })) : [];
  return [...named, Body.text('application/json', DEEP)];
}

function iconFields(ids: Ids) {
  return {
    iconId: fc.constantFrom(...ITEM_ICON_IDS, null),
    assetRefId: fc.constantFrom(ids.assetId, null, 'not-an-asset'),
  };
}
function itemShape(ids: Ids) {
  return shaped({
    name: name,
    type: fc.constantFrom(...ITEM_TYPES),
    value: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.constantFrom(0.01, 1.25, 1e9)),
    baseAmount: fc.integer({ min: 1, max: 1_000_000 }),
    ...iconFields(ids),
  });
}
function rewardsShape(ids: Ids) {
  const entry = shaped({
    day: fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constantFrom(1.5, -1, 1e308)),
    packId: fc.constantFrom(ids.packId, 'not-a-pack', ''),
  });
  return shaped({
    name: name,
    rewards: fc.array(entry, { minLength: 5, maxLength: 9 }),
    cycleDays: fc.constantFrom(7, 6, 0),
  });
}
/** Layout nodes as an editor, or an attacker, might send them: three levels of up to three children. */
function layoutShape() {
  const props = fc.dictionary(
    fc.constantFrom('value', 'src', 'style', 'className', 'color', 'width', 'fillImage'),
    fc.oneof(
      name,
      fc.integer(),
      fc.constantFrom('javascript:alert(1)', 'data:text/html,<b>', 'https://cdn.studio.test/a.png', 'asset:fuzzart'),
      fc.constant({ position: 'fixed', background: 'url(javascript:alert(1))' }),
    ),
    { maxKeys: 4 },
  );
  const node = (children: fc.Arbitrary<unknown[]>) =>
    shaped({
      id: name,
      type: fc.constantFrom('Root', 'BackgroundCB', 'ImageCB', 'TextCB', 'ButtonCB', 'GridCB', 'Script'),
      label: name,
      props,
      children,
    });
  let level = node(fc.constant([]));
  for (let depth = 0; depth < 2; depth++) level = node(fc.array(level, { maxLength: 3 }));
  return shaped({ uiLayout: level, baseVersion: fc.integer({ min: -1, max: 3 }) });
}
function packShape(ids: Ids) {
  return shaped({
    name: name,
    contents: fc.array(shaped({ itemId: fc.constant(ids.itemId), quantity: fc.integer({ min: 1, max: 100 }) }), {
      maxLength: 3,
    }),
    ...iconFields(ids),
  });
}

const uploadForm = fc.record({
  fields: shaped({ name, assetId: fc.stringMatching(/^[a-z0-9_-]{1,12}$/) }) as fc.Arbitrary<Record<string, unknown>>,
  file: fc.constantFrom('png', 'empty', 'svg', 'text', 'none', 'two'),
  filename: hostileString,
  fileType: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', '', 'application/octet-stream'),
});
type UploadForm = typeof uploadForm extends fc.Arbitrary<infer T> ? T : never;

function uploadBody(input: UploadForm): Promise<Body> {
  const form = new FormData();
  const put = (key: string, value: unknown) => {
    if (value !== undefined) form.append(key, typeof value === 'string' ? value : textOf(value));
  };
  put('name', input.fields.name);
  put('assetId', input.fields.assetId);
  const bytes = {
    png: PNG,
    empty: Buffer.alloc(0),
    svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    text: Buffer.from('\u0000not an image'),
    none: null,
    two: PNG,
  }[input.file];
  const filename = textOf(input.filename).slice(0, 2000);
  if (bytes) form.append('file', new Blob([bytes], { type: input.fileType }), filename);
  if (input.file === 'two') form.append('file', new Blob([PNG], { type: 'image/png' }), 'second.png');
  return multipart(form, fc.stringify(input));
}

function fill(pattern: string, ids: Ids): string {
  const byName: Record<string, string> = {
    id: ids.gameId,
    gameId: ids.gameId,
    itemId: ids.itemId,
    packId: ids.packId,
    segmentId: ids.segmentId,
    assetId: ids.assetId,
    dailyRewardId: ids.dailyRewardId,
  };
  return pattern.replace(/:(\w+)/g, (_m, param: string) => byName[param] ?? param);
}

function servedRoutes() {
  return inspectRoutes(server.app).filter((route) => !route.isMiddleware);
}

describe('the fuzz suite covers every write route', () => {
  it('has an input for every POST, PATCH, PUT and DELETE route under /api, and none for a route that is gone', () => {
    const writes = [
      ...new Set(
        servedRoutes()
          .filter((r) => ['POST', 'PATCH', 'PUT', 'DELETE'].includes(r.method) && r.path.startsWith('/api/'))
          .filter((r) => !r.path.startsWith('/api/auth/'))
          .map((r) => `${r.method} ${r.path}`),
      ),
    ].sort();
    expect(writes).toEqual(Object.keys(WRITES).sort());
  });
});

describe('hostile input to the write routes', () => {
  const jsonRoutes = Object.entries(WRITES).filter(([, w]) => w.input === 'json');
  it.each(jsonRoutes)(
    'answers %s below 500 for arbitrary and schema-shaped bodies, storing nothing it refuses',
    async (key, write) => {
      const [method = '', pattern = ''] = key.split(' ');
      const target = fill(pattern, ownerIds);
      const shape = write.shape?.(ownerIds) ?? fc.jsonValue();
      await fuzz(
        body(shape),
        RUNS,
        async (sent) => {
          await check({ method, path: target, body: sent, visitor: owner });
        },
        knownHostile(validBody(key, ownerIds)),
      );
    },
    120_000,
  );

  it('answers asset uploads below 500 for hostile fields, files and multipart framing, storing nothing it refuses', async () => {
    const target = `/api/games/${ownerIds.gameId}/assets`;
    const raw = fc
      .tuple(
        fc.constantFrom(...CONTENT_TYPES, 'multipart/form-data; boundary=', 'multipart/form-data; boundary="a b"'),
        fc.constantFrom(
          '',
          '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nA',
          '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\u0000\r\n--xyz--',
          '--xyz--',
          'name=a&assetId=b',
          '{"name":"a","assetId":"b"}',
        ),
      )
      .map(([type, text]) => Body.text(type, text));
    await fuzz(
      fc.oneof(
        { weight: 4, arbitrary: uploadForm.map((f) => ({ form: f })) },
        { weight: 1, arbitrary: raw.map((r) => ({ raw: r })) },
      ),
      RUNS * 2,
      async (input) => {
        const sent = 'form' in input ? await uploadBody(input.form) : input.raw;
        await check({ method: 'POST', path: target, body: sent, visitor: owner });
      },
      [
        {
          form: {
            fields: { name: 'Art\u0000', assetId: 'nulart' },
            file: 'png',
            filename: 'a.png',
            fileType: 'image/png',
          },
        },
      ],
    );
  }, 120_000);
});

describe('hostile path parameters', () => {
  it('answers every route with a parameter or a wildcard below 500 for hostile segments, storing nothing it refuses', async () => {
    const routes = [...new Set(servedRoutes().map((r) => `${r.method} ${r.path}`))].filter((key) => /[:*]/.test(key));
    await fuzz(
      fc.record({
        route: fc.constantFrom(...routes),
        segments: fc.array(hostileSegment, { minLength: 3, maxLength: 3 }),
        keepGame: fc.boolean(),
        signedIn: fc.boolean(),
      }),
      RUNS * 4,
      async ({ route, segments, keepGame, signedIn }) => {
        const [declared = 'GET', pattern = ''] = route.split(' ');
        const method = declared === 'ALL' ? 'POST' : declared;
        let next = 0;
        const target = pattern
          .replace(/:(\w+)/g, (_m, param: string) =>
            keepGame && (param === 'gameId' || param === 'id') && next === 0
              ? ((next = 1), ownerIds.gameId)
              : (segments[next++ % segments.length] ?? '%00'),
          )
          .replace('*', segments.slice(0, 2).join('/'));
        const json = validBody(route, ownerIds);
        await check({
          method,
          path: target,
          body: json === undefined ? undefined : asJson(json),
          visitor: signedIn ? owner : undefined,
        });
      },
      [
        { route: 'GET /api/games/:id', segments: ['%00', '%00', '%00'], keepGame: false, signedIn: true },
        {
          route: 'DELETE /api/games/:gameId/segments/:segmentId',
          segments: ['%00', '%ZZ', '%0A'],
          keepGame: true,
          signedIn: true,
        },
      ],
    );
  }, 120_000);

  it('answers the health routes below 500 to anyone, whatever the method, query or extra path', async () => {
    await fuzz(
      fc.record({
        route: fc.constantFrom('/healthz', '/readyz'),
        method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'),
        query: fc.array(hostileSegment, { maxLength: 2 }),
        extra: fc.option(hostileSegment, { nil: undefined }),
        signedIn: fc.boolean(),
      }),
      RUNS,
      async ({ route, method, query, extra, signedIn }) => {
        const target = `${route}${extra === undefined ? '' : `/${extra}`}${query.length ? `?${query.join('&')}` : ''}`;
        const got = await check({ method, path: target, visitor: signedIn ? owner : undefined });
        // A probe of the route itself is answered by it: the instance is alive and ready here; unless the request
        // head is over Node's limit (16 KiB with the other headers), which Node answers 431 before any route.
        if (method === 'GET' && extra === undefined) {
          // A query with a control character once decoded is refused before any route, as everywhere.
          if (got.status === 400) expect(got.text).toContain('"code":"MALFORMED_ADDRESS"');
          else if (target.length > 16 * 1024) expect(got.status).toBe(431);
          else if (target.length > 15_000) expect([200, 431]).toContain(got.status);
          else expect(got.status).toBe(200);
        }
      },
    );
  }, 120_000);

  it('answers /files/ with hostile keys below 500 to anyone', async () => {
    await check({ method: 'GET', path: '/files/%ZZ' });
    await fuzz(fc.array(hostileSegment, { minLength: 1, maxLength: 3 }), RUNS, async (segments) => {
      await check({ method: 'GET', path: `/files/${segments.join('/')}` });
    });
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Better Auth's endpoints

const email = fc.oneof(
  fc.emailAddress().filter((e) => e.length < 200),
  fc.constantFrom('fuzz-owner@studio.test', 'fuzz-account@studio.test'),
);
const password = fc.string({ minLength: 8, maxLength: 40 });
const url = fc.constantFrom(
  '/dashboard',
  'https://evil.example/',
  'javascript:alert(1)',
  '//evil.example',
  '/verified',
);
/** Bodies shaped like what each endpoint reads; any other endpoint gets hostile fields under guessed names. */
const AUTH_SHAPES: Record<string, fc.Arbitrary<unknown>> = {
  '/sign-up/email': shaped({ email: email, password: password, name: name, image: url }),
  '/sign-in/email': shaped({ email: email, password: password, rememberMe: fc.boolean() }),
  '/send-verification-email': shaped({ email: email, callbackURL: url }),
  '/sign-in/social': shaped({ provider: fc.constantFrom('google', 'github'), callbackURL: url }),
  '/update-user': shaped({
    name: name,
    image: fc.constantFrom(null, 'https://cdn.studio.test/me.png', 'javascript:alert(1)', 'data:text/html,<b>'),
  }),
  '/change-password': shaped({
    currentPassword: fc.constant(PASSWORD),
    newPassword: password,
    revokeOtherSessions: fc.boolean(),
  }),
  '/redeem-verification': shaped({ token: name }),
  '/reset-link-status': shaped({ token: name }),
  '/change-email': shaped({ newEmail: email, callbackURL: url }),
  '/request-password-reset': shaped({ email: email, redirectTo: url }),
  '/reset-password': shaped({ newPassword: fc.oneof(password, email), token: name }),
  '/revoke-session': shaped({ token: name }),
  '/unlink-account': shaped({ providerId: fc.constantFrom('credential', 'google'), accountId: name }),
  '/link-social': shaped({ provider: fc.constantFrom('google'), callbackURL: url }),
};
const GENERIC_AUTH_SHAPE = shaped({
  email: email,
  password: password,
  token: name,
  provider: name,
  callbackURL: url,
});
/** These end the fuzzing account's sessions or the account itself: sent without a session. */
const SIGNED_OUT_ONLY = new Set(['/sign-out', '/revoke-sessions', '/delete-user']);

type AuthEndpoint = { path: string; methods: string[] };
function authEndpoints(): AuthEndpoint[] {
  const found = new Map<string, Set<string>>();
  for (const endpoint of Object.values(server.auth.api) as unknown[]) {
    const { path: p, options } = endpoint as {
      path?: unknown;
      options?: { method?: unknown; metadata?: Record<string, unknown> };
    };
    if (typeof p !== 'string' || !options || options.metadata?.SERVER_ONLY) continue;
    const methods = [options.method].flat().filter((m): m is string => typeof m === 'string');
    const set = found.get(p) ?? new Set<string>();
    for (const m of methods) set.add(m === '*' ? 'POST' : m);
    found.set(p, set);
  }
  return [...found].map(([p, set]) => ({ path: p, methods: [...set] })).sort((a, b) => a.path.localeCompare(b.path));
}

/** Keeps the fuzzing account signed in: a run may have changed its password or lost its session. */
async function ensureFuzzerSession() {
  if (fuzzer.hasSession()) return;
  const response = await send({
    method: 'POST',
    path: '/api/auth/sign-in/email',
    body: asJson({ email: fuzzerEmail, password: fuzzerPassword }),
    visitor: fuzzer,
  });
  expect(response.status, 'the fuzzing account signs in again').toBe(200);
}

async function fuzzerRow() {
  const [row] = await server.database.db.select().from(schema.user).where(eq(schema.user.email, fuzzerEmail));
  return row;
}

/** One auth request: the two rules, plus what update-user and change-password must keep true when they accept. */
async function checkAuth(endpoint: string, method: string, value: unknown, sent: Body, signedIn: boolean) {
  if (signedIn) await ensureFuzzerSession();
  const request: Sent = {
    method,
    path: `/api/auth${endpoint}`,
    body: method === 'GET' ? undefined : sent,
    visitor: signedIn ? fuzzer : new Visitor(),
  };
  const got = await check(request);
  if (got.status >= 300 || !signedIn) return;
  if (endpoint === '/update-user') {
    const row = await fuzzerRow();
    const problems = [
      (row?.name.length ?? 0) > DISPLAY_NAME_LIMIT && `a ${row?.name.length}-character name`,
      row?.name.includes('\u0000') && 'a name with NUL',
      row?.name && BLANK.test(row.name) && `the blank name ${JSON.stringify(row.name)}`,
      row?.image && !/^https?:\/\//i.test(row.image) && `the image ${JSON.stringify(row.image.slice(0, 80))}`,
    ].filter(Boolean);
    if (problems.length)
      throw new Error(`${describeRequest(request)} was accepted (${got.status}) and stored ${problems.join(', ')}`);
  }
  if (endpoint === '/change-password' && typeof value === 'object' && value && 'newPassword' in value) {
    const next = (value as { newPassword: unknown }).newPassword;
    if (typeof next === 'string') fuzzerPassword = next;
  }
}

describe('hostile input to the auth endpoints', () => {
  it('has a body shape for every auth route the app validates itself before Better Auth', () => {
    const own = servedRoutes()
      .filter((r) => r.method === 'POST' && r.path.startsWith('/api/auth/') && !r.path.endsWith('*'))
      .map((r) => r.path.slice('/api/auth'.length));
    expect(own.filter((p) => !(p in AUTH_SHAPES))).toEqual([]);
  });

  it('lists the endpoints Better Auth answers, including the ones that take user input', () => {
    const paths = authEndpoints().map((e) => e.path);
    console.log(`Better Auth endpoints: ${paths.join(' ')}`);
    for (const p of [
      '/sign-up/email',
      '/sign-in/email',
      '/send-verification-email',
      '/update-user',
      '/change-password',
    ]) {
      expect(paths).toContain(p);
    }
  });

  const named: [string, boolean][] = [
    ['/sign-up/email', false],
    ['/sign-in/email', false],
    ['/send-verification-email', false],
    ['/update-user', true],
    ['/change-password', true],
    ['/redeem-verification', false],
    ['/request-password-reset', false],
    ['/reset-link-status', false],
    ['/reset-password', false],
  ];
  it.each(named)(
    'answers POST /api/auth%s below 500 for arbitrary and schema-shaped bodies, storing nothing it refuses',
    async (endpoint, signedIn) => {
      const shape = AUTH_SHAPES[endpoint] ?? GENERIC_AUTH_SHAPE;
      await fuzz(
        shape.chain((value) => body(fc.constant(value)).map((sent) => ({ value, sent }))),
        RUNS,
        async ({ value, sent }) => checkAuth(endpoint, 'POST', value, sent, signedIn),
        (endpoint === '/update-user'
          ? [{ name: null }, { name: {} }, { name: new Long('x', 60 * 1024) }, { image: 'javascript:alert(1)' }]
          : []
        ).map((value) => ({ value: value as unknown, sent: asJson(value) })),
      );
    },
    120_000,
  );

  it('answers every other Better Auth endpoint below 500, signed in or not, storing nothing it refuses', async () => {
    const others = authEndpoints().filter((e) => !named.some(([p]) => p === e.path));
    const targets = others.flatMap((e) => e.methods.map((method) => ({ ...e, method })));
    await fuzz(
      fc
        .record({
          target: fc.constantFrom(...targets),
          param: hostileSegment,
          query: hostileSegment,
          signedIn: fc.boolean(),
        })
        .chain((r) => {
          const shape = AUTH_SHAPES[r.target.path] ?? GENERIC_AUTH_SHAPE;
          return shape.chain((value) => body(fc.constant(value)).map((sent) => ({ ...r, value, sent })));
        }),
      RUNS * 5,
      async ({ target, param, query, signedIn, value, sent }) => {
        const endpoint = `${target.path.replace(/:\w+/g, param)}?token=${query}&callbackURL=${query}&code=${query}&state=${query}`;
        await checkAuth(endpoint, target.method, value, sent, signedIn && !SIGNED_OUT_ONLY.has(target.path));
      },
    );
  }, 180_000);
});
