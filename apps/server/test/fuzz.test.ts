import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { inspectRoutes } from 'hono/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recountRollups, type AnalyticsEvent } from '@liveops/domain/analytics';
import { type Asset } from '@liveops/domain/assets';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import { PLATFORMS, type Game } from '@liveops/domain/games';
import { ITEM_ICON_IDS, ITEM_TYPES, type Item, type Pack } from '@liveops/domain/inventory';
import { type TestPlayer } from '@liveops/domain/players';
import { decodePopupSession } from '@liveops/domain/popup';
import { type Segment } from '@liveops/domain/segments';
import { STUDIO_ROLES } from '@liveops/domain/teams';
import type { Config } from '../src/env';
import * as schema from '../src/db/schema';
import { readDailyRollups } from '../src/analytics/analytics-events';
import { signPlayerId, signServerRequest } from '../src/runtime/tokens';
import { PASSWORD, signedInClient } from './support/accounts';
import { readStandInPage } from './support/page-stand-in';
import { publishedRuntimeGameOn, RuntimeClient, TestClock, type RuntimeGameSetup } from './support/runtime';
import { createTestDatabases, type TestDatabases } from './support/test-database';
import { UNLIMITED_BY_ADDRESS, startTestServer, type TestServer } from './support/test-server';

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

/** `headers` are sent as given (they may replace the Origin); a value Node's client refuses goes out raw. */
type Sent = { method: string; path: string; body?: Body; visitor?: Visitor; headers?: Record<string, string> };
/** `type` is the answer's Content-Type: none when Node itself refused the request before any route. */
type Got = { status: number; text: string; type?: string };

function describeRequest({ method, path: target, body: sent, visitor, headers }: Sent): string {
  const who = !visitor ? 'anonymous' : visitor.hasSession() ? 'signed in' : 'no session';
  const shown = sent
    ? ` content-type=${sent.type ?? '(none)'} body(${sent.bytes.length} bytes)=${JSON.stringify(sent.shown.slice(0, 300))}`
    : '';
  const extra = Object.entries(headers ?? {})
    .map(
      ([name, value]) =>
        ` ${name}=${JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…(${value.length})` : value)}`,
    )
    .join('');
  return `${method} ${target.length > 300 ? `${target.slice(0, 300)}…(${target.length})` : target} [${who}]${extra}${shown}`;
}

/**
 * Sends exactly this path and these bytes (fetch would normalise the path), with a valid Origin, on a connection
 * of its own (a kept-alive one may be closed by the server just as it is reused).
 */
function send({ method, path: target, body: sent, visitor, headers: given }: Sent): Promise<Got> {
  requests++;
  const url = new URL(server.url);
  const headers: Record<string, string> = { origin: server.config.publicUrl, connection: 'close' };
  if (visitor?.cookies.size) headers.cookie = visitor.header();
  if (sent?.type) headers['content-type'] = sent.type;
  if (sent) headers['content-length'] = String(sent.bytes.length);
  Object.assign(headers, given);
  if (Object.values(headers).some((value) => !SENDABLE_HEADER.test(value))) {
    return sendRaw({ method, path: target, body: sent, visitor, headers: given }, headers);
  }
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
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString(),
            type: response.headers['content-type'],
          });
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

/** What Node's HTTP client sends as a header value: tab, visible ASCII and Latin-1's upper half. */
const SENDABLE_HEADER = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * The request with its header values as a hostile client writes them (control characters, line breaks, UTF-8),
 * which Node's client refuses to send, on a socket of its own. Node's server may answer it itself, before any route.
 */
function sendRaw(sent: Sent, headers: Record<string, string>): Promise<Got> {
  const url = new URL(server.url);
  const lines = [`${sent.method} ${sent.path} HTTP/1.1`, `host: ${url.host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      const got = parseRawAnswer(Buffer.concat(chunks));
      if (got.status) resolve(got);
      else reject(new Error(`${describeRequest(sent)} got no answer${error ? `: ${error.message}` : ''}`));
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    socket.on('error', (error) => finish(error));
    socket.write(Buffer.concat([head, sent.body?.bytes ?? Buffer.alloc(0)]));
  });
}

function parseRawAnswer(bytes: Buffer): Got {
  const end = bytes.indexOf('\r\n\r\n');
  const head = (end < 0 ? bytes : bytes.subarray(0, end)).toString('latin1');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
  let body = end < 0 ? Buffer.alloc(0) : bytes.subarray(end + 4);
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const parts: Buffer[] = [];
    for (let at = 0; at < body.length;) {
      const lineEnd = body.indexOf('\r\n', at);
      const size = parseInt(body.subarray(at, lineEnd).toString(), 16);
      if (!size || lineEnd < 0) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { status, text: body.toString(), type: /\r\ncontent-type:[ \t]*([^\r\n]*)/i.exec(head)?.[1] };
}

/** The tables a request could write, but rate-limit counters; sessions are counted (their rows age as used). */
const TABLES = [
  'user',
  'account',
  'verification',
  'studio',
  'studio_member',
  'game',
  'asset',
  'segment',
  'item',
  'pack',
  'test_player',
] as const;
/** The player runtime's tables (decision 034), with what orders their rows. */
const RUNTIME_TABLES: Record<string, string> = {
  player: 't.id',
  wallet_balance: 't.player_ref, t.item_id',
  wallet_ledger: 't.id',
  daily_reward_claim: 't.id',
  wallet_operation: 't.id',
  support_action: 't.id',
  analytics_event: 't.game_id, t.player_ref, t.id, t.day',
  analytics_presence: 't.game_id, t.player_ref',
  analytics_daily: 't.game_id, t.day, t.config_id, t.variant_id, t.shard, t.tester',
};

type Snapshot = Record<string, string>;

/**
 * Every table's row count and a digest of its rows, in one query (the database does the hashing, so a snapshot
 * per request stays cheap), plus the stored files.
 */
async function snapshot(): Promise<Snapshot> {
  const ordered: [string, string][] = [
    ...TABLES.map((table): [string, string] => [table, 't.id']),
    ...Object.entries(RUNTIME_TABLES),
  ];
  const columns = ordered.map(
    ([table, order]) =>
      `(SELECT count(*) || ' rows ' || md5(coalesce(string_agg(t::text, '|' ORDER BY ${order}), '')) FROM "${table}" t) AS "${table}"`,
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
  /** A test player who never plays (decision 040): a reset of theirs could pay a runtime player twice a day. */
  testPlayerId: string;
  /** A runtime player of the game (the Players tab's support actions, decision 043). */
  playerId: string;
  /** The studio that owns the game (decision 065), its owner, and an invitation to it still open. */
  studioId: string;
  userId: string;
  invitationId: string;
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
  server = await startTestServer(await databases.create(), {
    authRateLimitMax: 100_000,
    logLevel: LOG_LEVEL,
    // The player runtime serves the live release (the stand-in page), on a clock inside one day: a second grant
    // of a day would be a double grant.
    publishing: { readPageHtml: readStandInPage },
    now: CLOCK.now,
    runtimeLimits: {
      ...UNLIMITED_BY_ADDRESS,
      perPlayer: { max: 1_000_000, windowMs: 60_000 },
      perKey: { max: 10_000_000, windowMs: 1000 },
    },
  });
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
  const tester = (await ownerClient.post(`/api/games/${game.id}/test-players`, { playerId: 'fuzz-qa-tester' }))
    .body as TestPlayer;
  const supported = await new RuntimeClient(server.url).signIn(game.sdkKey, 'fuzz-support-player');
  expect(supported.status, supported.text).toBe(200);
  ownerIds = {
    playerId: 'fuzz-support-player',
    testPlayerId: tester.id,
    gameId: game.id,
    itemId: item.id,
    packId: pack.id,
    segmentId: segmentRow.id,
    assetId: asset.assetId,
    dailyRewardId: reward.id,
    studioId: game.ownerId,
    userId: ((await ownerClient.get('/api/me')).body as { uid: string }).uid,
    invitationId: (
      (
        await ownerClient.post(`/api/studios/${game.ownerId}/invitations`, {
          email: 'fuzz-invitee@studio.test',
          role: 'viewer',
        })
      ).body as { id: string }
    ).id,
  };
  expect(Object.values(ownerIds).every(Boolean)).toBe(true);

  fuzzerEmail = 'fuzz-account@studio.test';
  fuzzer = Visitor.from((await signedInClient(server, fuzzerEmail)).cookieHeader());
  await setUpRuntime();
  console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${RUNS} runs per property`);
}, 180_000);

afterAll(async () => {
  console.log(`fuzz: ${properties} properties, ${runs} runs, ${requests} requests, seed ${SEED}`);
  const statuses = [...runtimeStatuses].sort(([a], [b]) => a - b);
  console.log(`fuzz /v1: answers by status ${statuses.map(([status, n]) => `${status} ×${n}`).join(', ')}`);
  await server?.close();
  await databases?.close();
});

// ---------------------------------------------------------------------------------------------------------------
// The app's write routes

const name = fc.string({ minLength: 1, maxLength: 30 });
const hex = fc.stringMatching(/^#[0-9A-Fa-f]{6}$/);

/** Every POST/PATCH/PUT/DELETE under /api that the app itself answers, with the input it takes. */
const WRITES: Record<
  string,
  {
    input: 'json' | 'multipart' | 'path';
    shape?: (ids: Ids) => fc.Arbitrary<unknown>;
    /** Headers of each run (a fresh Idempotency-Key, so that a valid body acts). */
    headers?: () => Record<string, string>;
  }
> = {
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
    shape: () =>
      shaped({
        name: name,
        description: name,
        platforms: fc.subarray([...PLATFORMS], { minLength: 1 }),
        orientation: fc.constantFrom('portrait', 'landscape'),
        theme: shaped({ primaryColor: hex, secondaryColor: hex }),
      }),
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
  'PATCH /api/games/:gameId/assets/:assetId': { input: 'json', shape: () => shaped({ name: name }) },
  'PUT /api/games/:gameId/assets/:assetId/file': { input: 'multipart' },
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
          'player.vip == true',
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
  'POST /api/games/:gameId/segments/audience-estimate': {
    input: 'json',
    shape: () =>
      shaped({
        expression: fc.constantFrom(
          'player.level > 3',
          'player.platfrom == "iOS"',
          `${'('.repeat(600)}true${')'.repeat(600)}`,
          `player.level > ${'9'.repeat(400)}`,
          'player.level / 0 > 1',
          'player.country.matches(".*")',
          'player.level',
        ),
      }),
  },
  'PUT /api/games/:gameId/custom-attributes': { input: 'json', shape: () => customAttributesShape() },
  'POST /api/games/:gameId/daily-rewards': { input: 'json', shape: () => shaped({ name: name }) },
  'PATCH /api/games/:gameId/daily-rewards/:dailyRewardId': { input: 'json', shape: (ids) => rewardsShape(ids) },
  'PUT /api/games/:gameId/daily-rewards/:dailyRewardId/layout': { input: 'json', shape: () => layoutShape() },
  'DELETE /api/games/:gameId/daily-rewards/:dailyRewardId': { input: 'path' },
  'PUT /api/games/:gameId/daily-rewards/:dailyRewardId/targeting': {
    input: 'json',
    shape: (ids) => targetingShape(ids),
  },
  'POST /api/games/:gameId/daily-rewards/for-player': { input: 'json', shape: () => samplePlayerShape() },
  // A/B tests (decision 046): start, edit, a variant's layout, promote, end.
  'POST /api/games/:gameId/daily-rewards/:dailyRewardId/experiment': { input: 'json', shape: () => variantsShape() },
  'PATCH /api/games/:gameId/daily-rewards/:dailyRewardId/experiment': { input: 'json', shape: () => variantsShape() },
  'PUT /api/games/:gameId/daily-rewards/:dailyRewardId/experiment/variants/:variantId/layout': {
    input: 'json',
    shape: () => layoutShape(),
  },
  'POST /api/games/:gameId/daily-rewards/:dailyRewardId/experiment/promote': {
    input: 'json',
    shape: () => shaped({ variantId: fc.constantFrom('a', 'b', 'c', '', 'x'.repeat(65), 'a b') }),
  },
  'DELETE /api/games/:gameId/daily-rewards/:dailyRewardId/experiment': { input: 'path' },
  'POST /api/games/:gameId/releases': {
    input: 'json',
    shape: (ids) =>
      shaped({
        note: fc.oneof(name, fc.constantFrom('x'.repeat(281), '\u200b', '')),
        leaveOut: fc.array(fc.constantFrom(ids.dailyRewardId, 'not-a-config', ''), { maxLength: 3 }),
      }),
  },
  'POST /api/games/:gameId/releases/:version/live': { input: 'path' },
  'POST /api/games/:gameId/test-players': { input: 'json', shape: () => testPlayerShape() },
  'PATCH /api/games/:gameId/test-players/:testPlayerId': { input: 'json', shape: () => testPlayerShape() },
  'DELETE /api/games/:gameId/test-players/:testPlayerId': { input: 'path' },
  'POST /api/games/:gameId/test-players/:testPlayerId/next-day': {
    input: 'json',
    shape: (ids) => shaped({ configId: fc.constantFrom(ids.dailyRewardId, 'not-a-config', '') }),
  },
  'POST /api/games/:gameId/test-players/:testPlayerId/reset': {
    input: 'json',
    shape: (ids) => shaped({ configId: fc.constantFrom(ids.dailyRewardId, 'not-a-config', '') }),
  },
  // No body: a signature of the tester's id, made again at each run.
  'POST /api/games/:gameId/test-players/:testPlayerId/signature': { input: 'path' },
  'POST /api/games/:gameId/players/:playerId/support-actions': {
    input: 'json',
    shape: (ids) => supportActionShape(ids),
    headers: () => ({ 'idempotency-key': randomUUID() }),
  },
  // Studios (decision 065): the owner's own studio, one that does not exist, or none.
  'POST /api/studios/active': {
    input: 'json',
    shape: (ids) => shaped({ studioId: fc.constantFrom(ids.studioId, 'not-a-studio', '') }),
  },
  'PATCH /api/studios/:studioId': { input: 'json', shape: () => shaped({ name }) },
  'POST /api/studios/:studioId/invitations': {
    input: 'json',
    shape: (ids) =>
      shaped({
        email: fc.constantFrom('fuzz-invitee@studio.test', 'FUZZ-OWNER@studio.test', 'not-an-address', ''),
        role: fc.constantFrom(...STUDIO_ROLES, 'root'),
        gameIds: fc.constantFrom([ids.gameId], [], ['not-a-game'], undefined),
      }),
  },
  'POST /api/studios/:studioId/invitations/:invitationId/resend': { input: 'path' },
  'DELETE /api/studios/:studioId/invitations/:invitationId': { input: 'path' },
  // The owner's own role: the last owner is never demoted nor removed, whatever the body.
  'PATCH /api/studios/:studioId/members/:userId': {
    input: 'json',
    shape: () => shaped({ role: fc.constantFrom(...STUDIO_ROLES, 'root') }),
  },
  'DELETE /api/studios/:studioId/members/:userId': { input: 'path' },
  'POST /api/studios/:studioId/transfer': {
    input: 'json',
    shape: (ids) => shaped({ userId: fc.constantFrom(ids.userId, 'not-a-member', '') }),
  },
  // The fuzzing owner is not the invited address: every answer is a refusal that changes nothing.
  'POST /api/invitations/:invitationId/accept': { input: 'path' },
  'POST /api/invitations/:invitationId/decline': { input: 'path' },
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
    'POST /api/studios/active': { studioId: ids.studioId },
    'PATCH /api/studios/:studioId': { name: 'Fuzz Studio' },
    'POST /api/studios/:studioId/invitations': { email: 'fuzz-invitee@studio.test', role: 'viewer' },
    'PATCH /api/studios/:studioId/members/:userId': { role: 'owner' },
    'POST /api/studios/:studioId/transfer': { userId: ids.userId },
    'PATCH /api/games/:id': {
      name: 'Fuzz Game',
      description: 'fuzzed',
      platforms: ['Web'],
      orientation: 'landscape',
      theme: { primaryColor: '#000000', secondaryColor: '#FFFFFF' },
    },
    'POST /api/games/:id/duplicate': { name: 'Fuzz Copy' },
    'PATCH /api/games/:id/orientation': { orientation: 'landscape' },
    'PATCH /api/games/:id/theme': { theme: { primaryColor: '#000000', secondaryColor: '#FFFFFF' } },
    'POST /api/games/:gameId/items': { name: 'Fuzz Gem', type: 'currency', value: 1, baseAmount: 1, iconId: 'gem' },
    'POST /api/games/:gameId/packs': { name: 'Fuzz Bundle', contents: [{ itemId: ids.itemId, quantity: 1 }] },
    'POST /api/games/:gameId/segments': { name: 'Fuzz Segment', expression: 'player.level > 3' },
    'POST /api/games/:gameId/segments/audience-estimate': { expression: 'player.level > 3' },
    'PUT /api/games/:gameId/custom-attributes': { customAttributes: [{ name: 'vip', type: 'bool' }] },
    'POST /api/games/:gameId/daily-rewards': { name: 'Fuzz Week' },
    'PATCH /api/games/:gameId/daily-rewards/:dailyRewardId': {
      name: 'Fuzz Week',
      rewards: Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: ids.packId })),
      cycleDays: 7,
      dayStart: { kind: 'utc_time', minuteOfDay: 90 },
      missedDay: 'start_over',
      targeting: { segmentId: ids.segmentId, startsAt: '2031-01-01T00:00:00Z', endsAt: null, priority: 1 },
    },
    'PUT /api/games/:gameId/daily-rewards/:dailyRewardId/layout': {
      uiLayout: { id: 'root', type: 'Root', props: {}, children: [] },
    },
    'PUT /api/games/:gameId/daily-rewards/:dailyRewardId/targeting': {
      segmentId: ids.segmentId,
      startsAt: '2031-01-01T00:00:00Z',
      endsAt: null,
      priority: 1,
    },
    'POST /api/games/:gameId/daily-rewards/for-player': { player: { level: 4, country: 'DE', totalSpend: 1 } },
    'POST /api/games/:gameId/daily-rewards/:dailyRewardId/experiment': { variants: FUZZ_VARIANTS },
    'PATCH /api/games/:gameId/daily-rewards/:dailyRewardId/experiment': { variants: FUZZ_VARIANTS },
    'PUT /api/games/:gameId/daily-rewards/:dailyRewardId/experiment/variants/:variantId/layout': {
      uiLayout: { id: 'root', type: 'Root', props: {}, children: [] },
    },
    'POST /api/games/:gameId/daily-rewards/:dailyRewardId/experiment/promote': { variantId: 'b' },
    'POST /api/games/:gameId/releases': { note: 'Fuzz release' },
    'POST /api/games/:gameId/test-players': { playerId: 'fuzz-tester-2', clockOffsetMs: 86_400_000 },
    'PATCH /api/games/:gameId/test-players/:testPlayerId': { clockOffsetMs: 3_600_000, note: 'Fuzz note' },
    'POST /api/games/:gameId/test-players/:testPlayerId/next-day': { configId: ids.dailyRewardId },
    'POST /api/games/:gameId/test-players/:testPlayerId/reset': { configId: ids.dailyRewardId },
    'POST /api/games/:gameId/players/:playerId/support-actions': {
      kind: 'grant_pack',
      packId: ids.packId,
      reason: 'Fuzz support grant',
    },
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
/** A studio key (decision 051): free, taken, empty or not a key. */
const keyShape = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/),
  fc.constantFrom('gold', 'gems', '', 'Gold Coins', '1gold', 'x'.repeat(65), 'gem-pack'),
);
function itemShape(ids: Ids) {
  return shaped({
    name: name,
    type: fc.constantFrom(...ITEM_TYPES),
    value: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.constantFrom(0.01, 1.25, 1e9)),
    baseAmount: fc.integer({ min: 0, max: 1_000_000 }),
    key: keyShape,
    ...iconFields(ids),
  });
}
function rewardsShape(ids: Ids) {
  const entry = shaped({
    day: fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constantFrom(1.5, -1, 1e308)),
    packId: fc.constantFrom(ids.packId, 'not-a-pack', ''),
  });
  // The panel's one save (decision 055) takes the day rules, the targeting and the variants too.
  return shaped({
    name: name,
    rewards: fc.array(entry, { minLength: 5, maxLength: 9 }),
    cycleDays: fc.constantFrom(7, 6, 0),
    dayStart: fc.constantFrom(
      { kind: 'player_midnight' },
      { kind: 'utc_time', minuteOfDay: 90 },
      { kind: 'utc_time', minuteOfDay: 1440 },
      { kind: 'utc_time' },
    ),
    missedDay: fc.constantFrom('keep_progress', 'start_over', 'nope'),
    targeting: targetingShape(ids),
    variants: variantListShape(),
  });
}
/** Layout nodes as an editor, or an attacker, might send them: three levels of up to three children. */
const FUZZ_VARIANTS = [
  { id: 'a', name: 'Fuzz A', weight: 1 },
  { id: 'b', name: 'Fuzz B', weight: 1 },
];
/** 0 to 5 variants, ids and weights around their limits: weights summing to 0, repeated ids, too many. */
function variantListShape() {
  const variant = shaped({
    id: fc.constantFrom('a', 'b', 'c', 'd', 'e', '', 'x'.repeat(65), 'a:b'),
    name: fc.oneof(name, fc.constantFrom('A', 'a', ' ', 'x'.repeat(41))),
    weight: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom(-1, 1000, 1001, 0.5, Number.MAX_SAFE_INTEGER)),
  });
  return fc.array(variant, { maxLength: 5 });
}
function variantsShape() {
  return shaped({ variants: variantListShape() });
}
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
/** Declarations as a studio, or an attacker, might send them: names near every rule, known and unknown types. */
function customAttributesShape() {
  const attribute = shaped({
    name: fc.constantFrom(
      'vip',
      'VIP',
      'chapter',
      'level',
      'Country',
      'in',
      '2x',
      'a b',
      '',
      'x'.repeat(65),
      'toString',
    ),
    type: fc.constantFrom('int', 'double', 'string', 'bool', 'list<string>', 'map', 'list<int>', ''),
  });
  return shaped({ customAttributes: fc.array(attribute, { maxLength: 55 }) });
}
/** A config's targeting (decision 038): segments of the game or not, instants about the bounds, priorities too. */
function targetingShape(ids: Ids) {
  const instant = fc.constantFrom(
    null,
    '2031-01-01T00:00:00Z',
    '2031-06-01T00:00:00+14:00',
    '2020-01-01T00:00:00Z',
    '2031-01-01T00:00:00',
    '1999-12-31T23:59:59Z',
    '2100-01-01T00:00:00.001Z',
    '+275760-09-13T00:00:00Z',
    'tomorrow',
    '',
  );
  return shaped({
    segmentId: fc.constantFrom(ids.segmentId, null, 'not-a-segment', '', 'a b', 'x'.repeat(129)),
    startsAt: instant,
    endsAt: instant,
    priority: fc.oneof(fc.integer({ min: -1001, max: 1001 }), fc.constantFrom(0.5, 2 ** 53, -(2 ** 63), 1e308)),
  });
}
/** The segment tester's sample player: the built-in fields with hostile values, or anything at all. */
function samplePlayerShape() {
  return shaped({
    player: fc.oneof(
      shaped({
        level: fc.oneof(fc.integer(), fc.constantFrom(2 ** 63, 1.5, -1)),
        country: fc.constantFrom('DE', '', 'x'.repeat(65)),
        platform: fc.constantFrom('iOS', 'Web', 'Amiga'),
        daysSinceInstall: fc.integer({ min: -1, max: 10_000 }),
        sessionCount: fc.integer({ min: -1, max: 10_000 }),
        totalSpend: fc.constantFrom(0, 19.99, -1, 1e308),
      }),
      fc.jsonValue(),
    ),
  });
}
/** A test player: a player id, an offset about the year's bound (366 days) either way, a note. */
function supportActionShape(ids: Ids) {
  return shaped({
    kind: fc.constantFrom('reset_progress', 'grant_pack', 'set_streak', 'delete_player'),
    reason: fc.oneof(name, fc.constantFrom('', '   ', 'x'.repeat(501), 'Why\u0000')),
    packId: fc.constantFrom(ids.packId, 'not-a-pack', ''),
    configId: fc.constantFrom(ids.dailyRewardId, 'not-a-config', ''),
    streak: fc.oneof(fc.integer({ min: -5, max: 4000 }), fc.constantFrom(0.5, 2 ** 53, -(2 ** 63))),
  });
}
function testPlayerShape() {
  const year = 366 * 86_400_000;
  return shaped({
    playerId: fc.oneof(name, fc.constantFrom('fuzz-qa-tester', ' padded', 'x'.repeat(129))),
    clockOffsetMs: fc.oneof(
      fc.integer({ min: -year - 1000, max: year + 1000 }),
      fc.constantFrom(year, -year, year + 1, -year - 1, 0.5, 2 ** 53, -(2 ** 63)),
    ),
    note: name,
  });
}
function packShape(ids: Ids) {
  return shaped({
    name: name,
    contents: fc.array(shaped({ itemId: fc.constant(ids.itemId), quantity: fc.integer({ min: 1, max: 100 }) }), {
      maxLength: 3,
    }),
    key: keyShape,
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
    testPlayerId: ids.testPlayerId,
    playerId: ids.playerId,
    // A variant of the config's experiment (decision 046), when one runs.
    variantId: 'b',
    studioId: ids.studioId,
    userId: ids.userId,
    invitationId: ids.invitationId,
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
          await check({ method, path: target, body: sent, visitor: owner, headers: write.headers?.() });
        },
        knownHostile(validBody(key, ownerIds)),
      );
    },
    120_000,
  );

  it('answers asset uploads and replacements below 500 for hostile fields, files and multipart framing, storing nothing it refuses', async () => {
    const targets = [
      { method: 'POST', path: `/api/games/${ownerIds.gameId}/assets` },
      { method: 'PUT', path: `/api/games/${ownerIds.gameId}/assets/${ownerIds.assetId}/file` },
    ] as const;
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
        { weight: 4, arbitrary: uploadForm.map((f) => ({ form: f, replace: false })) },
        { weight: 2, arbitrary: uploadForm.map((f) => ({ form: f, replace: true })) },
        { weight: 1, arbitrary: fc.tuple(raw, fc.boolean()).map(([r, replace]) => ({ raw: r, replace })) },
      ),
      RUNS * 2,
      async (input) => {
        const sent = 'form' in input ? await uploadBody(input.form) : input.raw;
        const target = targets[input.replace ? 1 : 0];
        await check({ method: target.method, path: target.path, body: sent, visitor: owner });
      },
      [
        {
          form: {
            fields: { name: 'Art\u0000', assetId: 'nulart' },
            file: 'png',
            filename: 'a.png',
            fileType: 'image/png',
          },
          replace: false,
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

// ---------------------------------------------------------------------------------------------------------------
// The player runtime (/v1, decision 034)

/** The runtime's only clock, inside one day: a player's second grant of a config that day would be a double grant. */
const CLOCK = new TestClock(Date.parse('2026-03-02T12:00:00Z'));
const nowSeconds = () => Math.floor(CLOCK.time / 1000);

/** The routes each runtime property fuzzes: together, every /v1 route (checked below). */
const SESSION_ROUTES = ['POST /v1/sessions'];
const WALLET_ROUTES = ['POST /v1/server/wallet/grant', 'POST /v1/server/wallet/consume'];
const CONFIG_ID_ROUTES = ['POST /v1/daily-rewards/:configId/claim'];
const HEADER_ROUTES = [
  'POST /v1/daily-rewards/:configId/claim',
  'GET /v1/daily-rewards',
  'GET /v1/inventory',
  'GET /v1/inventory/ledger',
  ...WALLET_ROUTES,
];
const LEDGER_ROUTES = ['GET /v1/inventory/ledger'];
const OTHER_ROUTES = ['GET /v1/openapi.json', 'ALL /v1/*'];
const EVENT_ROUTES = ['POST /v1/events'];

type RuntimePlayer = { playerId: string; ref: string; token: string };
/** The fuzzed game (two daily rewards), a second one that requires signed player ids, and their players. */
let game1: RuntimeGameSetup;
let game2: RuntimeGameSetup;
let player1: RuntimePlayer;
let player2: RuntimePlayer;
/** game 2's player of the same id as player1. */
let elsewhere: RuntimePlayer;
/** player1's popup token of game 1's first daily reward. */
let popup1: string;
/** How the runtime answered the fuzzed requests, by status: the accepting paths must be reached too. */
const runtimeStatuses = new Map<number, number>();

type Row = Record<string, unknown>;
async function query(statement: SQL): Promise<Row[]> {
  return ((await server.database.db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const refOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { p: string }).p;

async function runtimeSignIn(setup: RuntimeGameSetup, playerId: string): Promise<RuntimePlayer> {
  const got = await send({
    method: 'POST',
    path: '/v1/sessions',
    body: asJson({ sdkKey: setup.game.sdkKey, playerId }),
  });
  expect(got.status, got.text).toBe(200);
  const token = (JSON.parse(got.text) as { token: string }).token;
  return { playerId, ref: refOf(token), token };
}

async function setUpRuntime() {
  game1 = await publishedRuntimeGameOn(server, 'fuzz-runtime@studio.test', { configs: 2 });
  game2 = await publishedRuntimeGameOn(server, 'fuzz-runtime-2@studio.test');
  player1 = await runtimeSignIn(game1, 'fuzz-player');
  player2 = await runtimeSignIn(game1, 'fuzz-player-2');
  elsewhere = await runtimeSignIn(game2, 'fuzz-player');
  const required = await game2.client.request(`/api/games/${game2.game.id}`, {
    method: 'PATCH',
    json: { requireSignedPlayerIds: true },
  });
  expect(required.status, required.text).toBe(200);
  // Game 1 declares custom attributes and a segment over them, so sessions read and evaluate them (decision 039).
  const declared = await game1.client.request(`/api/games/${game1.game.id}/custom-attributes`, {
    method: 'PUT',
    json: { customAttributes: CUSTOM_ATTRIBUTES },
  });
  expect(declared.status, declared.text).toBe(200);
  const segmented = await game1.client.post(`/api/games/${game1.game.id}/segments`, {
    name: 'Fuzz custom',
    expression: 'player.vip && player.chapter > 2 && "a" in player.tags && player.daysSinceInstall >= 0',
  });
  expect(segmented.status, segmented.text).toBe(201);
  const list = await send({ method: 'GET', path: '/v1/daily-rewards', headers: bearer(player1.token) });
  const states = (JSON.parse(list.text) as { dailyRewards: { popupUrl: string }[] }).dailyRewards;
  popup1 = decodePopupSession(new URL(states[0]?.popupUrl ?? '').hash)?.token ?? '';
  expect(refOf(popup1)).toBe(player1.ref);
}

/**
 * What must hold of the wallet after any request: every balance is the sum of its ledger, no player has two grants
 * of a config on one day nor two base amounts of an item, and every grant or consume in the ledger belongs to a
 * claim or an operation.
 */
async function walletProblems(): Promise<string[]> {
  const rows = await query(sql`
    select 'balance ' || coalesce(b.player_ref, l.player_ref) || '/' || coalesce(b.item_id, l.item_id) || ' is ' ||
           coalesce(b.amount::text, 'missing') || ' but its ledger sums to ' || coalesce(l.total::text, 'nothing') as problem
      from wallet_balance b
      full join (select player_ref, item_id, sum(amount) as total from wallet_ledger group by player_ref, item_id) l
        on l.player_ref = b.player_ref and l.item_id = b.item_id
     where b.amount is distinct from l.total
    union all
    select 'balance ' || player_ref || '/' || item_id || ' is below 0: ' || amount from wallet_balance where amount < 0
    union all
    select 'player ' || player_ref || ' was granted ' || config_id || ' ' || count(*) || ' times on day key ' || day_key
      from daily_reward_claim where kind = 'claim' group by player_ref, config_id, day_key having count(*) > 1
    union all
    select 'player ' || player_ref || ' got the base amount of ' || item_id || ' ' || count(*) || ' times'
      from wallet_ledger where reason = 'base_amount' group by player_ref, item_id having count(*) > 1
    union all
    select 'ledger entry ' || l.id || ' (' || l.reason || ') belongs to no claim or operation'
      from wallet_ledger l
     where l.reason <> 'base_amount'
       and not exists (select 1 from daily_reward_claim c where c.id = l.operation_id and c.player_ref = l.player_ref)
       and not exists (select 1 from wallet_operation o where o.id = l.operation_id and o.player_ref = l.player_ref)
       and not exists (select 1 from support_action s where s.id = l.operation_id and s.player_ref = l.player_ref)`);
  return rows.map((row) => String(row.problem));
}

/**
 * One runtime request under its rules: never a 5xx; every answer JSON, and a refusal `{ code, message }` (but a
 * preflight's 204, a HEAD, and what Node itself answers to a request it cannot parse); a refusal stores nothing, and
 * with `writes: false` nothing at all is stored; and the wallet's invariants hold after it.
 */
async function checkRuntime(sent: Sent, { writes = true } = {}): Promise<Got & { body: unknown }> {
  const before = await snapshot();
  const got = await send(sent);
  runtimeStatuses.set(got.status, (runtimeStatuses.get(got.status) ?? 0) + 1);
  const where = describeRequest(sent);
  if (got.status >= 500) throw new Error(`${where} answered ${got.status}: ${got.text.slice(0, 300)}`);
  let body: unknown;
  try {
    body = JSON.parse(got.text);
  } catch {
    body = undefined;
  }
  const byNode = !got.type && [400, 431].includes(got.status);
  // A path whose dot segments lead out of /v1 (/v1/../x, /v1/%2e%2e) is another area's, as URLs are resolved.
  const underV1 = /^\/v1(\/|$)/.test(new URL(sent.path, server.url).pathname);
  if (got.status !== 204 && sent.method !== 'HEAD' && !byNode && underV1) {
    if (body === undefined || !/json/.test(got.type ?? '')) {
      throw new Error(
        `${where} answered ${got.status} without JSON (${got.type ?? 'no type'}): ${got.text.slice(0, 300)}`,
      );
    }
    const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
    if (got.status >= 400 && (typeof code !== 'string' || typeof message !== 'string' || !message)) {
      throw new Error(`${where} refused ${got.status} without { code, message }: ${got.text.slice(0, 300)}`);
    }
  }
  if (got.status >= 400 || !writes) {
    const changed = changes(before, await snapshot());
    if (changed.length) {
      throw new Error(
        `${where} answered ${got.status}${got.status < 400 ? ' to a request that may store nothing' : ''} but stored:\n${changed.join('\n')}`,
      );
    }
  }
  const problems = await walletProblems();
  if (problems.length) throw new Error(`${where} answered ${got.status} and broke the wallet:\n${problems.join('\n')}`);
  return { ...got, body };
}

/** A server call of game 1's backend, signed over exactly the bytes sent. */
function signedCall(
  path: string,
  sent: Body,
  key: string,
  setup: RuntimeGameSetup = game1,
  timestamp = nowSeconds(),
): Sent {
  return {
    method: 'POST',
    path,
    body: sent,
    headers: {
      'idempotency-key': key,
      'x-liveops-key': setup.game.sdkKey,
      'x-liveops-timestamp': String(timestamp),
      'x-liveops-signature': signServerRequest(
        { timestamp, method: 'POST', path, idempotencyKey: key, body: sent.bytes.toString() },
        setup.serverSecret,
      ),
    },
  };
}

/**
 * A header value as hostile as fits below Node's 16 KiB request head: mostly one that reaches the route, sometimes
 * with control characters, which Node's parser refuses before any route.
 */
/** C0 and C1 control characters, and DEL. */
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);
const hostileHeader = fc.oneof(
  {
    weight: 3,
    arbitrary: hostileString.map((value) =>
      [...textOf(value)]
        .filter((char) => char === '\t' || !isControl(char.charCodeAt(0)) || char.charCodeAt(0) >= 0x80)
        .join('')
        .slice(0, 4000),
    ),
  },
  { weight: 1, arbitrary: hostileString.map((value) => textOf(value).slice(0, 4000)) },
);
/** Player ids the schema accepts (1–128 visible characters); the near misses and shaped() try the others. */
const playerIdArb = fc.oneof(
  fc.constantFrom('fuzz-player', 'fuzz-player-2', 'p', 'Spieler Ä', '玩家 1', 'x'.repeat(128), 'a b'),
  fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,30}[A-Za-z0-9]$/),
);
/** Game 1's custom attributes: a session's values for them are read, and ignored when of the wrong type. */
const CUSTOM_ATTRIBUTES = [
  { name: 'vip', type: 'bool' },
  { name: 'chapter', type: 'int' },
  { name: 'tags', type: 'list<string>' },
];
const validAttributes = fc.record(
  {
    level: fc.integer({ min: 0, max: 1_000_000_000 }),
    country: fc.constantFrom('DE', 'US', 'JP'),
    platform: fc.constantFrom(...PLATFORMS),
    totalSpend: fc.double({ min: 0, max: 1e12, noNaN: true }),
    vip: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 2 })),
    chapter: fc.oneof(fc.integer(), fc.double(), fc.jsonValue({ maxDepth: 2 })),
    tags: fc.oneof(fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }), fc.jsonValue({ maxDepth: 2 })),
    sessionCount: fc.integer(),
  },
  { requiredKeys: [] },
);
/** One field of a session just outside what the schema accepts. */
const SESSION_NEAR_MISSES: [string, unknown][] = [
  ['sdkKey', 'sdk_unknown'],
  ['sdkKey', ''],
  ['sdkKey', 'x'.repeat(129)],
  ['playerId', 'x'.repeat(129)],
  ['playerId', ' padded'],
  ['playerId', 'padded '],
  ['playerId', '\u200b'],
  ['playerId', 'a\u202eb'],
  ['playerId', '\u00a0'],
  ['playerId', ''],
  ['timeZone', 'Mars/Phobos'],
  ['timeZone', 'europe/berlin'],
  ['timeZone', ''],
  ['timeZone', 'x'.repeat(65)],
  ['timeZone', 'Europe/../UTC'],
  ['timeZone', '+05:30'],
  ['attributes', { level: -1 }],
  ['attributes', { level: 1.5 }],
  ['attributes', { level: 1_000_000_001 }],
  ['attributes', { country: 'de' }],
  ['attributes', { country: 'DEU' }],
  ['attributes', { platform: 'Amiga' }],
  ['attributes', { totalSpend: -1 }],
  ['attributes', { totalSpend: 1e12 + 1 }],
  ['attributes', 'red'],
  ['attributes', []],
  ['playerSignature', 'x'.repeat(201)],
  ['extra', true],
];
/** A visible player id, as the schema allows (1–128 characters, no control or direction characters, trimmed). */
const isVisibleId = (text: string) =>
  text.length >= 1 &&
  text.length <= 128 &&
  text.trim() === text &&
  ![...text].some((char) => {
    const code = char.charCodeAt(0);
    return isControl(code) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
  }) &&
  !/[\ud800-\udfff]/.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''));

describe('the fuzz suite covers the player runtime', () => {
  it('has a property for every /v1 route, and none for a route that is gone', () => {
    const fuzzed = new Set([
      ...SESSION_ROUTES,
      ...WALLET_ROUTES,
      ...CONFIG_ID_ROUTES,
      ...HEADER_ROUTES,
      ...LEDGER_ROUTES,
      ...OTHER_ROUTES,
      ...EVENT_ROUTES,
    ]);
    const served = [
      ...new Set(
        servedRoutes()
          .filter((r) => r.path.startsWith('/v1'))
          .map((r) => `${r.method} ${r.path}`),
      ),
    ].sort();
    expect(served).toEqual([...fuzzed].sort());
  });
});

describe('hostile input to the player runtime', () => {
  it('answers POST /v1/sessions below 500 with { code, message } for arbitrary and schema-shaped bodies, storing nothing it refuses and base amounts once', async () => {
    const expires = nowSeconds() + 600;
    const secretOf = (sdkKey: unknown) => (sdkKey === game2.game.sdkKey ? game2.serverSecret : game1.serverSecret);
    const otherSecretOf = (sdkKey: unknown) => (sdkKey === game2.game.sdkKey ? game1.serverSecret : game2.serverSecret);
    const fields = {
      sdkKey: fc.constantFrom(game1.game.sdkKey, game1.game.sdkKey, game2.game.sdkKey),
      playerId: playerIdArb,
      timeZone: fc.constantFrom(
        'Europe/Berlin',
        'UTC',
        'Asia/Kolkata',
        'Pacific/Chatham',
        'America/St_Johns',
        'EST5EDT',
      ),
      attributes: validAttributes,
    };
    // Valid sessions (so the accepting path is fuzzed too), one field just outside the schema, and shaped bodies.
    const shape = fc
      .tuple(
        fc.oneof(
          fc.record(fields, { requiredKeys: ['sdkKey', 'playerId'] }),
          fc
            .tuple(fc.record(fields), fc.constantFrom(...SESSION_NEAR_MISSES))
            .map(([valid, [key, value]]) => ({ ...valid, [key]: value })),
          shaped(fields),
        ),
        fc.constantFrom('none', 'none', 'none', 'valid', 'valid', 'wrong', 'other game', 'expired'),
      )
      .map(([value, signature]) => {
        if (signature === 'none' || typeof value !== 'object' || value === null) return value;
        const given = value as Record<string, unknown>;
        const id = typeof given.playerId === 'string' ? given.playerId : 'fuzz-player';
        const playerSignature = {
          valid: signPlayerId(id, secretOf(given.sdkKey), expires),
          wrong: `${expires}.${'0'.repeat(64)}`,
          'other game': signPlayerId(id, otherSecretOf(given.sdkKey), expires),
          expired: signPlayerId(id, secretOf(given.sdkKey), nowSeconds() - 1),
        }[signature];
        return { ...given, playerSignature };
      });
    const k1 = game1.game.sdkKey;
    const examples = [
      { sdkKey: k1, playerId: 'Gold\u0000' },
      { sdkKey: k1, playerId: 'a\ud800b' },
      { sdkKey: k1, playerId: '\u200b\u200c\u200d\ufeff' },
      { sdkKey: k1, playerId: 'x'.repeat(129) },
      { sdkKey: k1, playerId: 'p', attributes: { country: new Long('x', 1024 * 1024) } },
      { sdkKey: k1, playerId: 'p', timeZone: 'Mars/Phobos' },
      { sdkKey: k1, playerId: 'p', attributes: { level: new RawNumber('1e309') } },
      // Game 2 requires signed ids: its player, unsigned, is refused.
      { sdkKey: game2.game.sdkKey, playerId: 'fuzz-player' },
    ].map((value) => asJson(value));
    await fuzz(
      body(shape),
      RUNS * 2,
      async (sent) => {
        const got = await checkRuntime({ method: 'POST', path: '/v1/sessions', body: sent });
        if (got.status !== 200) return;
        const input = JSON.parse(sent.bytes.toString()) as Record<string, unknown>;
        const answer = got.body as { player: { playerId: string } };
        const where = describeRequest({ method: 'POST', path: '/v1/sessions', body: sent });
        if (answer.player.playerId !== input.playerId || !isVisibleId(answer.player.playerId)) {
          throw new Error(`${where} signed in the player id ${JSON.stringify(answer.player.playerId)}`);
        }
        if (
          input.sdkKey === game2.game.sdkKey &&
          input.playerSignature !== signPlayerId(answer.player.playerId, game2.serverSecret, expires)
        ) {
          throw new Error(`${where} signed a player in to a game that requires signed ids without its signature`);
        }
        // What segments see of game 1's custom attributes has the declared type, whatever was sent (decision 039).
        const shown = (got.body as { player: { attributes: Record<string, unknown> } }).player.attributes;
        const typed: Record<string, (value: unknown) => boolean> = {
          vip: (value) => typeof value === 'boolean',
          chapter: (value) => Number.isSafeInteger(value),
          tags: (value) => Array.isArray(value) && value.every((tag) => typeof tag === 'string'),
        };
        for (const [name, ok] of Object.entries(typed)) {
          if (name in shown && (input.sdkKey !== game1.game.sdkKey || !ok(shown[name]))) {
            throw new Error(`${where} shows ${name} = ${JSON.stringify(shown[name])}`);
          }
        }
      },
      [...examples, Body.text('application/json', DEEP)],
    );
  }, 180_000);

  it.each(WALLET_ROUTES)(
    'answers %s below 500 for arbitrary and schema-shaped bodies signed with the server secret, storing nothing it refuses and never granting twice',
    async (route) => {
      const path = route.split(' ')[1] ?? '';
      const gold = game1.gold.id;
      const validItems = fc.uniqueArray(
        fc.record({ itemId: fc.constantFrom(gold, game1.gems.id), quantity: fc.integer({ min: 1, max: 120 }) }),
        { minLength: 1, maxLength: 2, selector: (entry) => entry.itemId },
      );
      const fields = { playerId: fc.constantFrom('fuzz-player', 'fuzz-player-2'), items: validItems };
      /** One field just outside the schema, or a call the wallet refuses (another game's item, too much). */
      const nearMisses: [string, unknown][] = [
        ['playerId', 'nobody'],
        ['playerId', ''],
        ['playerId', 'a\u202eb'],
        ['items', []],
        ['items', [{ itemId: game2.gold.id, quantity: 1 }]],
        ['items', [{ itemId: 'nope', quantity: 1 }]],
        ['items', [{ itemId: gold, quantity: 0 }]],
        ['items', [{ itemId: gold, quantity: -1 }]],
        ['items', [{ itemId: gold, quantity: 1.5 }]],
        ['items', [{ itemId: gold, quantity: 1_000_000_001 }]],
        ['items', [{ itemId: gold, quantity: 1_000_000_000 }]],
        [
          'items',
          [
            { itemId: gold, quantity: 1 },
            { itemId: gold, quantity: 2 },
          ],
        ],
        ['items', Array.from({ length: 51 }, (_, i) => ({ itemId: `item-${i}`, quantity: 1 }))],
        ['items', [{ itemId: gold, quantity: 1, extra: true }]],
        ['items', [{ key: 'gold', quantity: 1 }]],
        ['items', [{ key: 'platinum', quantity: 1 }]],
        ['items', [{ itemId: gold, key: 'gold', quantity: 1 }]],
        ['items', [{ quantity: 1 }]],
        [
          'items',
          [
            { itemId: gold, quantity: 1 },
            { key: 'gold', quantity: 2 },
          ],
        ],
        ['items', [{ itemId: 'x'.repeat(65), quantity: 1 }]],
        ['extra', 1],
      ];
      const shape = fc.oneof(
        fc.record(fields),
        fc
          .tuple(fc.record(fields), fc.constantFrom(...nearMisses))
          .map(([valid, [key, value]]) => ({ ...valid, [key]: value })),
        shaped({
          playerId: fields.playerId,
          items: fc.array(
            shaped({ itemId: fc.constantFrom(gold, game1.gems.id), quantity: fc.integer({ min: 1, max: 120 }) }),
            {
              maxLength: 3,
            },
          ),
        }),
      );
      const valid = { playerId: 'fuzz-player-2', items: [{ itemId: game1.gold.id, quantity: 1 }] };
      await fuzz(
        body(shape),
        RUNS * 2,
        async (sent) => {
          const key = `fuzz-${randomUUID()}`;
          const request = signedCall(path, sent, key);
          const got = await checkRuntime(request);
          if (got.status !== 200) return;
          // The very same signed call again is refused (decision 057); a retry signed anew gets the same answer,
          // and nothing is granted or taken a second time.
          const replayed = await checkRuntime(request, { writes: false });
          if (replayed.status !== 401 || !replayed.text.includes('signature_replayed')) {
            throw new Error(`${describeRequest(request)} accepted its own signature twice: ${replayed.status}`);
          }
          const retry = signedCall(path, sent, key, game1, nowSeconds() + 1);
          const again = await checkRuntime(retry, { writes: false });
          if (again.text !== got.text) {
            throw new Error(`${describeRequest(request)} answered its retry differently:\n${got.text}\n${again.text}`);
          }
          // The same key with another body: refused, nothing done.
          const other = signedCall(
            path,
            asJson({ ...valid, items: [{ itemId: game1.gold.id, quantity: 999_999 }] }),
            key,
          );
          const reused = await checkRuntime(other);
          if (reused.status !== 422) {
            throw new Error(`${describeRequest(other)} reused a key for another body and answered ${reused.status}`);
          }
        },
        [...knownHostile(valid).map((sent) => sent), asJson({ ...valid, playerId: 'a\ud800b' })],
      );
    },
    180_000,
  );

  it('answers POST /v1/daily-rewards/:configId/claim below 500 for hostile config ids, granting only a real config, once', async () => {
    const configIds = game1.configs.map((config) => config.id);
    const segmentArb = fc.oneof(
      { weight: 3, arbitrary: hostileSegment },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            fc.constantFrom(...configIds, game2.configs[0]?.id ?? ''),
            fc.constantFrom('', '%00', '%20', '/', '%2F', 'x', '/..', '%E2%80%8B', '%ZZ'),
          )
          .map(([id, tail]) => `${id}${tail}`),
      },
      { weight: 1, arbitrary: fc.constantFrom(...configIds).map((id) => id.toUpperCase()) },
    );
    const tokens = { player1: player1.token, player2: player2.token, popup: popup1, elsewhere: elsewhere.token };
    type Who = keyof typeof tokens;
    await fuzz<{ segment: string; who: Who }>(
      fc.record({ segment: segmentArb, who: fc.constantFrom<Who>('player1', 'player2', 'popup', 'elsewhere') }),
      RUNS * 3,
      async ({ segment, who }) => {
        const request: Sent = {
          method: 'POST',
          path: `/v1/daily-rewards/${segment}/claim`,
          headers: { ...bearer(tokens[who]), 'idempotency-key': randomUUID() },
        };
        const got = await checkRuntime(request);
        if (got.status !== 200) return;
        let decoded: string | null = null;
        try {
          decoded = decodeURIComponent(segment);
        } catch {
          decoded = null;
        }
        const allowed = {
          popup: [configIds[0]],
          elsewhere: [game2.configs[0]?.id],
          player1: configIds,
          player2: configIds,
        }[who];
        if (!allowed.includes(decoded ?? '')) {
          throw new Error(`${describeRequest(request)} granted a claim of ${JSON.stringify(decoded)} to ${who}`);
        }
      },
      [
        { segment: configIds[0] ?? '', who: 'player1' },
        { segment: configIds[1] ?? '', who: 'popup' },
        { segment: configIds[0] ?? '', who: 'elsewhere' },
        { segment: '%00', who: 'player1' },
        { segment: '%ZZ', who: 'player1' },
        { segment: 'x'.repeat(129), who: 'player1' },
        { segment: `${configIds[1]}%00`, who: 'player2' },
      ],
    );
  }, 180_000);

  it('answers the player and server routes below 500 for hostile Authorization, Idempotency-Key and X-LiveOps-* values, granting only to a real token, once per key', async () => {
    const t1 = player1.token;
    const [head, payload = '', signature] = t1.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...(JSON.parse(Buffer.from(payload, 'base64url').toString()) as object), p: player2.ref })).toString('base64url')}.${signature}`;
    /** Who a real Authorization value is: the player it grants to, and whether it may only claim config 0. */
    const real = new Map<string, { ref: string; popup: boolean }>([
      [`Bearer ${player1.token}`, { ref: player1.ref, popup: false }],
      [`Bearer ${player2.token}`, { ref: player2.ref, popup: false }],
      [`Bearer ${elsewhere.token}`, { ref: elsewhere.ref, popup: false }],
      [`Bearer ${popup1}`, { ref: player1.ref, popup: true }],
    ]);
    const authorization = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...real.keys()) },
      { weight: 1, arbitrary: fc.constant(undefined) },
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          '',
          ' ',
          'Bearer',
          'Bearer ',
          `bearer ${t1}`,
          `Bearer  ${t1}`,
          `Bearer ${t1} `,
          `Bearer ${t1}x`,
          `Bearer ${t1.slice(0, -2)}`,
          `Bearer ${forged}`,
          'Bearer v1.e30.AAAA',
          `Basic ${Buffer.from('fuzz:player').toString('base64')}`,
          `Bearer ${'A'.repeat(1025)}`,
          `Bearer ${'v1.'.repeat(1300)}`,
          `Bearer ${t1}, Bearer ${player2.token}`,
          `Bearer ${t1}\u0000`,
          `Bearer ${t1}\r`,
          `Bearer \u00ff${t1}`,
          `Bearer ${t1}\u2028`,
          `Token ${t1}`,
        ),
      },
      { weight: 2, arbitrary: hostileHeader.map((value) => `Bearer ${value}`) },
      { weight: 1, arbitrary: hostileHeader },
    );
    const idempotencyKey = fc.oneof(
      { weight: 2, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: fc.constant(undefined) },
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          '',
          ' ',
          ' a',
          'a ',
          'fuzz-key',
          'x'.repeat(128),
          'x'.repeat(129),
          'x'.repeat(5000),
          '\u00a0',
          '\u00ff',
          '\u0085',
          'tab\tkey',
          'é',
          '%00',
          '../',
          'a\u0000b',
          'line\nbreak',
          'cr\rkey',
          'del\u007f',
          '\u202e',
          '\ud800',
          '😀',
        ),
      },
      { weight: 2, arbitrary: hostileHeader },
    );
    const liveops = fc.option(
      fc.record({
        name: fc.constantFrom('x-liveops-key', 'x-liveops-timestamp', 'x-liveops-signature'),
        value: fc.oneof(
          hostileHeader,
          fc.constantFrom(game2.game.sdkKey, String(nowSeconds() - 301), String(nowSeconds() + 301), '1e3', ''),
        ),
      }),
      { nil: undefined },
    );
    /** Each successful claim's or server call's answer, by the player (or game) and the key it was made with. */
    const answered = new Map<string, string>();
    await fuzz(
      fc.record({
        route: fc.constantFrom(...HEADER_ROUTES),
        authorization,
        key: idempotencyKey,
        liveops,
        config: fc.constantFrom(0, 1),
      }),
      RUNS * 6,
      async ({ route, authorization: auth, key, liveops: override, config }) => {
        const [method = 'GET', pattern = ''] = route.split(' ');
        const configId = game1.configs[config]?.id ?? '';
        const path = pattern.replace(':configId', configId) + (route === 'GET /v1/inventory/ledger' ? '?limit=5' : '');
        const server = path.startsWith('/v1/server/');
        let request: Sent;
        if (server) {
          const json = asJson({ playerId: 'fuzz-player-2', items: [{ itemId: game1.gold.id, quantity: 1 }] });
          request = signedCall(path, json, key ?? '');
          if (key === undefined) delete request.headers?.['idempotency-key'];
          if (override) request.headers = { ...request.headers, [override.name]: override.value };
          if (auth !== undefined) request.headers = { ...request.headers, authorization: auth };
        } else {
          request = { method, path, headers: {} };
          if (auth !== undefined) request.headers!.authorization = auth;
          if (key !== undefined) request.headers!['idempotency-key'] = key;
        }
        // HTTP drops the spaces and tabs around a header value (RFC 9110, section 5.5): the route sees it without them.
        const ows = (value: string) => value.replace(/^[ \t]+|[ \t]+$/g, '');
        const who = auth === undefined ? undefined : real.get(ows(auth));
        const done = server
          ? `game1|${key === undefined ? '' : ows(key)}`
          : `${who?.ref}|${key === undefined ? '' : ows(key)}`;
        // A repeat of a key that was granted with: nothing more may be granted, whatever it answers.
        const got = await checkRuntime(request, { writes: method !== 'GET' && !answered.has(done) });
        if (got.status !== 200) return;
        const where = describeRequest(request);
        if (server) {
          if (override && override.value !== signedCall(path, request.body!, key ?? '').headers?.[override.name]) {
            throw new Error(`${where} was accepted with a changed ${override.name}`);
          }
        } else if (!who || (who.popup && !(method === 'POST' && config === 0))) {
          throw new Error(`${where} answered 200 to an Authorization that is no player's token for this route`);
        }
        if (method === 'POST') {
          const earlier = answered.get(done);
          if (earlier !== undefined && earlier !== got.text) {
            throw new Error(`${where} answered a retry with its key differently:\n${earlier}\n${got.text}`);
          }
          answered.set(done, got.text);
        }
      },
      [
        {
          route: HEADER_ROUTES[0]!,
          authorization: `Bearer ${t1}\u0000`,
          key: 'fuzz-key',
          liveops: undefined,
          config: 0,
        },
        { route: HEADER_ROUTES[0]!, authorization: `Bearer ${t1}`, key: 'line\nbreak', liveops: undefined, config: 0 },
        {
          route: HEADER_ROUTES[0]!,
          authorization: `Bearer ${t1}`,
          key: 'x'.repeat(129),
          liveops: undefined,
          config: 0,
        },
        { route: HEADER_ROUTES[0]!, authorization: `Bearer ${forged}`, key: 'fuzz-key', liveops: undefined, config: 0 },
        { route: HEADER_ROUTES[0]!, authorization: `Bearer ${popup1}`, key: 'fuzz-key', liveops: undefined, config: 1 },
        {
          route: WALLET_ROUTES[0]!,
          authorization: undefined,
          key: 'fuzz-key',
          liveops: { name: 'x-liveops-key', value: game2.game.sdkKey },
          config: 0,
        },
      ],
    );
  }, 240_000);

  /** Gives both players of game 1 entries on either side of id 10, so that a page ordered as text differs. */
  async function ledgerAcrossTen() {
    for (let i = 0; i < 6; i++) {
      for (const playerId of ['fuzz-player', 'fuzz-player-2']) {
        const sent = asJson({ playerId, items: [{ itemId: game1.gold.id, quantity: 1 }] });
        const got = await send(signedCall('/v1/server/wallet/grant', sent, `ledger-${playerId}-${i}-${randomUUID()}`));
        expect(got.status, got.text).toBe(200);
      }
    }
    const spread = await query(sql`select player_ref, min(id) < 10 and max(id) >= 10 as across
        from wallet_ledger where player_ref in (${player1.ref}, ${player2.ref}) group by player_ref`);
    expect(spread.map((row) => row.across === true || row.across === 't')).toEqual([true, true]);
  }

  it('pages through GET /v1/inventory/ledger to each of the caller’s entries once, newest first, whatever the page size', async () => {
    await ledgerAcrossTen();
    await fuzz(
      fc.record({ limit: fc.integer({ min: 1, max: 60 }), who: fc.constantFrom(player1, player2, elsewhere) }),
      RUNS,
      async ({ limit, who }) => {
        const own = (
          await query(
            sql`select id::text as id from wallet_ledger where player_ref = ${who.ref} order by wallet_ledger.id desc`,
          )
        ).map((row) => String(row.id));
        const shown: string[] = [];
        let before: string | null = null;
        for (let page = 0; page <= own.length; page++) {
          const target = `/v1/inventory/ledger?limit=${limit}${before ? `&before=${before}` : ''}`;
          const got = await checkRuntime(
            { method: 'GET', path: target, headers: bearer(who.token) },
            { writes: false },
          );
          if (got.status !== 200) throw new Error(`GET ${target} answered ${got.status}: ${got.text.slice(0, 300)}`);
          const answer = got.body as { entries: { id: string }[]; nextBefore: string | null };
          shown.push(...answer.entries.map((entry) => entry.id));
          before = answer.nextBefore;
          if (!before) break;
        }
        if (shown.join(',') !== own.join(',')) {
          throw new Error(`pages of ${limit} answered ${who.playerId} ${shown.join(',')} instead of ${own.join(',')}`);
        }
      },
      [
        { limit: 50, who: player1 },
        { limit: 3, who: player2 },
      ],
    );
  }, 180_000);

  it('answers GET /v1/inventory/ledger below 500 for hostile query strings, with the caller’s own entries only, storing nothing', async () => {
    await ledgerAcrossTen();
    const ids = (await query(sql`select id::text as id from wallet_ledger order by id`)).map((row) => String(row.id));
    const value = fc.oneof(
      fc.constantFrom(
        '0',
        '1',
        '-1',
        '5',
        '200',
        '201',
        '1e2',
        '1e309',
        'NaN',
        'Infinity',
        '0x10',
        '1.5',
        '%205',
        '',
        '9'.repeat(18),
        '9'.repeat(19),
        '00001',
        '%00',
        '%ZZ',
        '1%00',
        '1%2C2',
      ),
      fc.integer({ min: -5, max: 1000 }).map(String),
      fc.constantFrom(...(ids.length ? ids : ['1'])),
      hostileSegment,
    );
    const param = fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .tuple(fc.constantFrom('limit', 'before', 'LIMIT', 'limit[]', 'before%20', ''), value)
          .map(([k, v]) => `${k}=${v}`),
      },
      { weight: 1, arbitrary: hostileSegment },
    );
    await fuzz(
      fc.record({ parts: fc.array(param, { maxLength: 4 }), who: fc.constantFrom(player1, player2, elsewhere) }),
      RUNS * 3,
      async ({ parts, who }) => {
        const target = `/v1/inventory/ledger${parts.length ? `?${parts.join('&')}` : ''}`;
        const request: Sent = { method: 'GET', path: target, headers: bearer(who.token) };
        const got = await checkRuntime(request, { writes: false });
        if (got.status !== 200) return;
        const where = describeRequest(request);
        const { entries, nextBefore } = got.body as { entries: { id: string }[]; nextBefore: string | null };
        const own = new Set(
          (await query(sql`select id::text as id from wallet_ledger where player_ref = ${who.ref}`)).map((row) =>
            String(row.id),
          ),
        );
        const shown = entries.map((entry) => entry.id);
        const foreign = shown.filter((id) => !own.has(id));
        if (foreign.length) throw new Error(`${where} answered another player's entries ${foreign.join(', ')}`);
        if (shown.some((id, i) => i > 0 && BigInt(id) >= BigInt(shown[i - 1]!))) {
          throw new Error(`${where} answered entries out of order: ${shown.join(', ')}`);
        }
        const single = (name: string) => {
          const found = parts.filter((part) => part.startsWith(`${name}=`));
          return found.length === 1 ? found[0]!.slice(name.length + 1) : null;
        };
        const limit = single('limit');
        if (shown.length > 200 || (limit && /^[1-9][0-9]{0,2}$/.test(limit) && shown.length > Number(limit))) {
          throw new Error(`${where} answered ${shown.length} entries`);
        }
        const before = single('before');
        if (before && /^[1-9][0-9]{0,17}$/.test(before) && shown.some((id) => BigInt(id) >= BigInt(before))) {
          throw new Error(`${where} answered entries not before ${before}: ${shown.join(', ')}`);
        }
        if (nextBefore !== null && nextBefore !== shown.at(-1)) {
          throw new Error(`${where} answered nextBefore ${nextBefore} after ${shown.join(', ')}`);
        }
      },
      [
        { parts: ['limit=0'], who: player1 },
        { parts: ['limit=1e309'], who: player1 },
        { parts: ['before=9999999999999999999'], who: player1 },
        { parts: ['limit=1', 'limit=2'], who: player1 },
        { parts: ['before=%00'], who: player1 },
      ],
    );
  }, 180_000);

  it('answers POST /v1/events below 500 for arbitrary and schema-shaped batches, counting only its own game’s configs, each event once', async () => {
    const configs = game1.configs.map((config) => config.id);
    const popupConfig = configs[0]!;
    const validEvent = fc.record(
      {
        // A few ids, so batches replay one another's events.
        id: fc.oneof(fc.constantFrom('e-1', 'e-2', 'e-3'), fc.uuid()),
        type: fc.constantFrom('shown', 'closed'),
        configId: fc.constantFrom(...configs),
        clientTime: fc.integer({ min: CLOCK.time - 86_400_000, max: CLOCK.time + 3_600_000 }),
        properties: fc.dictionary(
          fc.stringMatching(/^[A-Za-z0-9_]{1,12}$/),
          fc.oneof(fc.string({ maxLength: 40 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean()),
          { maxKeys: 4 },
        ),
      },
      { requiredKeys: ['id', 'type', 'configId', 'clientTime'] },
    );
    /** One field of an event just outside what the schema or the route accepts. */
    const nearMisses: [string, unknown][] = [
      ['type', 'claimed'],
      ['type', 'session'],
      ['type', 'purchased'],
      ['type', ''],
      ['configId', game2.configs[0]!.id],
      ['configId', 'nope'],
      ['configId', ''],
      ['clientTime', Date.UTC(3000, 0, 1)],
      ['clientTime', Date.UTC(2019, 11, 31)],
      ['clientTime', CLOCK.time + 0.5],
      ['clientTime', 1e308],
      ['id', 'a b'],
      ['id', 'x'.repeat(65)],
      ['properties', Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]))],
      ['properties', { note: 'x'.repeat(257) }],
      ['properties', { nested: { a: 1 } }],
      ['playerId', 'fuzz-player-2'],
      ['variantId', 'B'],
    ];
    const event = fc.oneof(
      { weight: 10, arbitrary: validEvent },
      {
        weight: 1,
        arbitrary: fc.tuple(validEvent, fc.constantFrom(...nearMisses)).map(([valid, [key, value]]) => ({
          ...valid,
          [key]: value,
        })),
      },
      {
        weight: 1,
        arbitrary: shaped({ id: fc.uuid(), type: fc.constant('shown'), configId: fc.constantFrom(...configs) }),
      },
    );
    const shape = fc.oneof(
      { weight: 4, arbitrary: fc.record({ events: fc.array(event, { minLength: 1, maxLength: 3 }) }) },
      { weight: 1, arbitrary: shaped({ events: fc.array(event, { maxLength: 3 }) }) },
    );
    let acceptedBatches = 0;
    const callers = [player1, player2, { ...player1, token: popup1 }];
    const recount = async () => {
      const rows = await query(sql`
        select id, game_id, player_ref, kind, config_id, variant_id, to_char(day, 'YYYY-MM-DD') as day, cycle_day, streak
        from analytics_event where game_id = ${game1.game.id}`);
      const events = rows.map((row): AnalyticsEvent => ({
        id: String(row.id),
        gameId: String(row.game_id),
        playerId: String(row.player_ref),
        kind: row.kind as AnalyticsEvent['kind'],
        configId: row.config_id === null ? null : String(row.config_id),
        variantId: row.variant_id === null ? null : String(row.variant_id),
        day: String(row.day),
        cycleDay: row.cycle_day === null ? null : Number(row.cycle_day),
        streak: row.streak === null ? null : Number(row.streak),
      }));
      return JSON.stringify(recountRollups(events));
    };
    const rollups = async () => {
      const scopes = [null, ...configs];
      const rows = [];
      for (const configId of scopes) {
        const read = await readDailyRollups(server.database.db, {
          gameId: game1.game.id,
          configId,
          variantId: null,
          from: '2026-01-01',
          to: '2026-12-31',
        });
        rows.push(...read);
      }
      const key = (row: { configId: string | null }) => JSON.stringify([row.configId]);
      return JSON.stringify(rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)));
    };
    await fuzz(
      fc.record({ sent: body(shape), who: fc.constantFrom(0, 0, 1, 2) }),
      RUNS * 2,
      async ({ sent, who }) => {
        const caller = callers[who]!;
        const request: Sent = { method: 'POST', path: '/v1/events', body: sent, headers: bearer(caller.token) };
        const got = await checkRuntime(request);
        if (got.status !== 200) return;
        const where = describeRequest(request);
        const input = JSON.parse(sent.bytes.toString()) as { events: { configId: string }[] };
        const answer = got.body as { accepted: number; duplicates: number };
        acceptedBatches++;
        if (answer.accepted + answer.duplicates !== input.events.length) {
          throw new Error(`${where} answered ${got.text} for ${input.events.length} events`);
        }
        if (input.events.some((event) => !configs.includes(event.configId))) {
          throw new Error(`${where} counted an event of a config that is not its game’s`);
        }
        if (who === 2 && input.events.some((event) => event.configId !== popupConfig)) {
          throw new Error(`${where} let a popup token report another config`);
        }
        // The same batch again: nothing more counted.
        const again = await checkRuntime(request, { writes: false });
        if (again.status !== 200 || (again.body as { accepted: number }).accepted !== 0) {
          throw new Error(`${where} answered its replay ${again.status} ${again.text}`);
        }
        const [expected, actual] = [await recount(), await rollups()];
        if (expected !== actual)
          throw new Error(`${where} left rollups ${actual} that differ from a recount ${expected}`);
      },
      [
        { sent: asJson({ events: Array.from({ length: 10_000 }, () => ({})) }), who: 0 },
        { sent: Body.text('application/json', DEEP), who: 0 },
        {
          sent: asJson({
            events: [{ id: 'x', type: 'shown', configId: configs[0], clientTime: new Long('1', 1 << 20) }],
          }),
          who: 0,
        },
      ],
    );
    // The accepting path was reached too.
    expect(acceptedBatches).toBeGreaterThan(0);
  }, 180_000);

  it('answers GET /api/games/:gameId/analytics below 500 for hostile query strings, storing nothing', async () => {
    const value = fc.oneof(
      fc.constantFrom(
        '2026-03-01',
        '2016-03-01',
        '2026-02-30',
        '2026-3-1',
        '',
        '%00',
        '9999-12-31',
        '0000-01-01',
        'x'.repeat(5000),
      ),
      fc.string({ maxLength: 20 }).map(encodeURIComponent),
    );
    const configId = fc.oneof(value, fc.constant(ownerIds.dailyRewardId));
    await fuzz(
      fc.record({
        from: fc.option(value),
        to: fc.option(value),
        configId: fc.option(configId),
        experimentId: fc.option(value),
        testers: fc.option(fc.oneof(value, fc.constantFrom('include', 'exclude', 'INCLUDE', 'true'))),
        signedIn: fc.boolean(),
      }),
      RUNS * 2,
      async ({ from, to, configId: config, experimentId, testers, signedIn }) => {
        const query = [
          from === null ? '' : `from=${from}`,
          to === null ? '' : `to=${to}`,
          config === null ? '' : `configId=${config}`,
          experimentId === null ? '' : `experimentId=${experimentId}`,
          testers === null ? '' : `testers=${testers}`,
        ]
          .filter(Boolean)
          .join('&');
        const got = await check({
          method: 'GET',
          path: `/api/games/${ownerIds.gameId}/analytics?${query}`,
          visitor: signedIn ? owner : undefined,
        });
        if (got.status === 200) {
          const days = (JSON.parse(got.text) as { days: unknown[] }).days;
          if (!signedIn || days.length < 1 || days.length > 366) {
            throw new Error(
              `GET analytics?${query} answered ${days.length} days${signedIn ? '' : ' to nobody signed in'}`,
            );
          }
        }
      },
    );
  }, 180_000);

  it('answers anything else under /v1 below 500 with JSON, whatever the method, path, query or token, storing nothing', async () => {
    const sections = [
      'sessions',
      'daily-rewards',
      'inventory',
      'inventory/ledger',
      'server',
      'server/wallet',
      'openapi.json',
    ];
    await fuzz(
      fc.record({
        method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
        path: fc.oneof(
          fc.constantFrom('/v1/openapi.json', '/v1', '/v1/', '/v1//', '/v1/openapi.json/', '/v1/OPENAPI.JSON'),
          fc.array(hostileSegment, { minLength: 1, maxLength: 3 }).map((segments) => `/v1/${segments.join('/')}`),
          fc.tuple(fc.constantFrom(...sections), hostileSegment).map(([section, rest]) => `/v1/${section}/${rest}`),
        ),
        query: fc.array(hostileSegment, { maxLength: 2 }),
        token: fc.boolean(),
      }),
      RUNS * 3,
      async ({ method, path, query: parts, token }) => {
        const target = `${path}${parts.length ? `?${parts.join('&')}` : ''}`;
        const request: Sent = {
          method,
          path: target,
          headers: token ? bearer(player1.token) : {},
          body: ['POST', 'PUT', 'PATCH'].includes(method) ? asJson({}) : undefined,
        };
        const got = await checkRuntime(request, { writes: false });
        if (target === '/v1/openapi.json' && method === 'GET') {
          const document = got.body as { openapi?: string } | undefined;
          if (got.status !== 200 || document?.openapi !== '3.1.0') {
            throw new Error(`${describeRequest(request)} answered ${got.status} instead of the OpenAPI document`);
          }
        }
      },
      [
        { method: 'GET', path: '/v1/openapi.json', query: [], token: false },
        { method: 'GET', path: '/v1', query: [], token: false },
        { method: 'POST', path: '/v1/server/wallet/%00', query: [], token: true },
        { method: 'OPTIONS', path: '/v1/sessions/x', query: ['%ZZ'], token: false },
      ],
    );
  }, 180_000);
});
