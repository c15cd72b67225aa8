#!/usr/bin/env node
// Load run: BENCH_LOAD_USERS (100) simulated developers for BENCH_LOAD_SECONDS (60) against the built server,
// each signed in with its own account and holding one live-update stream (GET /api/live-updates) open, doing a mix
// of reads, writes and PNG uploads with a short think time. Prints throughput, p50/p95/p99 per kind and
// overall and the answers by status; then checks that every acknowledged write is stored (and announced on
// the writer's event stream), fetching a sample of the uploaded images back byte for byte. On PGlite (empty
// temp DATA_DIR) and then on a fresh PostgreSQL database when one answers (see lib.mjs; BENCH_DATABASES=pglite
// or =postgres for one). Asserts nothing: exit 0 unless the tooling itself fails. Build first.
import { randomBytes, randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import {
  createDeveloper,
  onInterrupt,
  percentile,
  selectedDatabases,
  sleep,
  startServer,
  temporaryDataDir,
  withFreshPostgres,
} from './lib.mjs';

const USERS = Number(process.env.BENCH_LOAD_USERS ?? 100);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
/** Mean pause between one developer's requests; each pause is uniform in 0..2× this. */
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 100);
const SIGN_UP_BATCH = 10;
const VERIFY_CONCURRENCY = 10;
const ASSET_SAMPLE = Number(process.env.BENCH_LOAD_ASSET_SAMPLE ?? 200);
const REQUEST_TIMEOUT_MS = 30_000;
/** An upper bound on one developer's requests, so the loop ends even if every request failed at once. */
const MAX_REQUESTS_PER_USER = Math.max(1000, SECONDS * 200);
const ASSET_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ICONS = ['coin', 'gem', 'star', 'heart', 'key'];

// ---- small valid PNGs ------------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** @param {Buffer} bytes */
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * @param {string} type
 * @param {Buffer} data
 */
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 16×16 RGB PNG of random pixels (about 800 bytes), different every time. */
function randomPng() {
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const rows = [];
  for (let y = 0; y < size; y++) rows.push(Buffer.from([0]), randomBytes(size * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function randomAssetId() {
  let id = '';
  for (let i = 0; i < 8; i++) id += ASSET_ID_ALPHABET[randomInt(ASSET_ID_ALPHABET.length)];
  return id;
}

const randomColor = () => `#${randomBytes(3).toString('hex').toUpperCase()}`;

// ---- bookkeeping -----------------------------------------------------------------------------------------

/**
 * @typedef {{ name: string, value: number, baseAmount: number }} ItemRecord
 * @typedef {{ assetId: string, name: string, bytes: Buffer }} AssetRecord
 * @typedef {{ orientation: string, theme: { primaryColor: string, secondaryColor: string },
 *   certain: boolean, items: Map<string, ItemRecord>, assets: Map<string, AssetRecord> }} GameRecord
 * @typedef {{ email: string, cookie: string, games: Map<string, GameRecord>,
 *   events: Map<string, number>, expected: Map<string, number>, stream: { open: boolean, error: string },
 *   closeStream: () => void }} Developer
 * @typedef {{ latencies: number[], statuses: Map<string, number>, samples: Map<string, string> }} KindStats
 */

/** @type {Map<string, KindStats>} */
let stats = new Map();

/**
 * @param {string} kind
 * @param {number} ms
 * @param {string} status
 * @param {string} [sample] the start of a failed answer's body, kept once per kind and status
 */
function record(kind, ms, status, sample) {
  let entry = stats.get(kind);
  if (!entry) stats.set(kind, (entry = { latencies: [], statuses: new Map(), samples: new Map() }));
  entry.latencies.push(ms);
  entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  if (sample !== undefined && !entry.samples.has(status)) entry.samples.set(status, sample.slice(0, 300));
}

/**
 * One timed request. Resolves to the status and parsed body (null when it failed on the network).
 * @param {string} base
 * @param {Developer} dev
 * @param {string} kind
 * @param {string} method
 * @param {string} route
 * @param {unknown} [body] JSON, or FormData for an upload
 */
async function call(base, dev, kind, method, route, body) {
  /** @type {Record<string, string>} */
  const headers = { cookie: dev.cookie };
  if (method !== 'GET') headers.origin = base;
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  const started = performance.now();
  try {
    const response = await fetch(`${base}${route}`, {
      method,
      headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    record(kind, ms, String(response.status), response.ok ? undefined : text);
    /** @type {any} */
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: response.status, json };
  } catch (error) {
    const name = error instanceof Error ? (error.name === 'TimeoutError' ? 'timeout' : error.message) : 'error';
    record(kind, performance.now() - started, `network: ${name}`, String(error));
    return { status: 0, json: null };
  }
}

/**
 * Opens the developer's live-update stream; resolves once its `ready` event arrived (within 30 s).
 * @param {string} base
 * @param {Developer} dev
 */
async function openStream(base, dev) {
  const controller = new AbortController();
  dev.closeStream = () => controller.abort();
  const response = await fetch(`${base}/api/live-updates`, {
    headers: { cookie: dev.cookie },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`the event stream answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  /** @type {() => void} */
  let onReady = () => undefined;
  const ready = new Promise((resolve, reject) => {
    onReady = () => resolve(undefined);
    setTimeout(() => reject(new Error('no ready event within 30 s')), 30_000).unref();
  });
  dev.stream.open = true;
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: ?(.*)$/m.exec(frame)?.[1];
          const data = /^data: ?(.*)$/m.exec(frame)?.[1];
          if (name === 'ready') onReady();
          else if (name && data) {
            const event = /** @type {{ topic?: string, id?: string }} */ (JSON.parse(data));
            const key = `${event.topic}:${event.id}`;
            dev.events.set(key, (dev.events.get(key) ?? 0) + 1);
          }
        }
      }
      if (!controller.signal.aborted) dev.stream.error = 'closed by the server';
    } catch (error) {
      if (!controller.signal.aborted) dev.stream.error = String(error);
    } finally {
      dev.stream.open = false;
    }
  })();
  await ready;
}

/**
 * @param {Developer} dev
 * @param {string} key topic:id of the change event an acknowledged write must publish
 */
function expectEvent(dev, key) {
  dev.expected.set(key, (dev.expected.get(key) ?? 0) + 1);
}

// ---- the simulated developer -----------------------------------------------------------------------------

/** @type {[string, number][]} the mix: kind and weight */
const MIX = [
  ['read: me', 8],
  ['read: games list', 10],
  ['read: game', 8],
  ['read: items', 8],
  ['read: packs', 6],
  ['read: assets', 8],
  ['read: segments', 6],
  ['write: create game', 5],
  ['write: orientation', 8],
  ['write: theme', 6],
  ['write: create item', 12],
  ['upload: asset', 8],
];
const MIX_TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);

function pickKind() {
  let roll = randomInt(MIX_TOTAL);
  for (const [kind, weight] of MIX) {
    if (roll < weight) return kind;
    roll -= weight;
  }
  return 'read: me';
}

/**
 * @param {string} base
 * @param {Developer} dev
 * @param {number} index
 */
async function createGame(base, dev, index) {
  const { status, json } = await call(base, dev, 'write: create game', 'POST', '/api/games', {
    name: `Load game ${index}`,
    description: 'Created by the load bench',
    platforms: ['Android', 'iOS'],
  });
  if (status === 201 && json?.id) {
    dev.games.set(json.id, {
      orientation: json.orientation,
      theme: json.theme,
      certain: true,
      items: new Map(),
      assets: new Map(),
    });
    expectEvent(dev, `games:${json.id}`);
  }
}

/**
 * @param {string} base
 * @param {Developer} dev
 * @param {number} deadline
 */
async function simulate(base, dev, deadline) {
  let created = 0;
  for (let n = 0; n < MAX_REQUESTS_PER_USER && performance.now() < deadline; n++) {
    const ids = [...dev.games.keys()];
    const gameId = ids[randomInt(Math.max(1, ids.length))];
    const game = gameId ? dev.games.get(gameId) : undefined;
    const kind = gameId && game ? pickKind() : 'write: create game';
    const at = `/api/games/${gameId}`;
    switch (kind) {
      case 'read: me':
        await call(base, dev, kind, 'GET', '/api/me');
        break;
      case 'read: games list':
        await call(base, dev, kind, 'GET', '/api/games');
        break;
      case 'read: game':
        await call(base, dev, kind, 'GET', at);
        break;
      case 'read: items':
        await call(base, dev, kind, 'GET', `${at}/items`);
        break;
      case 'read: packs':
        await call(base, dev, kind, 'GET', `${at}/packs`);
        break;
      case 'read: assets':
        await call(base, dev, kind, 'GET', `${at}/assets`);
        break;
      case 'read: segments':
        await call(base, dev, kind, 'GET', `${at}/segments`);
        break;
      case 'write: create game':
        await createGame(base, dev, ++created);
        break;
      case 'write: orientation': {
        if (!game) break;
        const orientation = game.orientation === 'portrait' ? 'landscape' : 'portrait';
        const { status } = await call(base, dev, kind, 'PATCH', `${at}/orientation`, { orientation });
        if (status >= 200 && status < 300) Object.assign(game, { orientation, certain: true });
        else if (status === 0 || status >= 500) game.certain = false;
        if (status >= 200 && status < 300) expectEvent(dev, `games:${gameId}`);
        break;
      }
      case 'write: theme': {
        if (!game) break;
        const theme = { primaryColor: randomColor(), secondaryColor: randomColor() };
        const { status } = await call(base, dev, kind, 'PATCH', `${at}/theme`, { theme });
        if (status >= 200 && status < 300) Object.assign(game, { theme, certain: true });
        else if (status === 0 || status >= 500) game.certain = false;
        if (status >= 200 && status < 300) expectEvent(dev, `games:${gameId}`);
        break;
      }
      case 'write: create item': {
        if (!game) break;
        const item = {
          name: `Item ${randomBytes(4).toString('hex')}`,
          type: randomInt(2) ? 'currency' : 'game_item',
          value: randomInt(1, 100_000) / 100,
          baseAmount: randomInt(1, 1000),
          iconId: ICONS[randomInt(ICONS.length)],
        };
        const { status, json } = await call(base, dev, kind, 'POST', `${at}/items`, item);
        if (status === 201 && json?.id) {
          game.items.set(json.id, { name: item.name, value: item.value, baseAmount: item.baseAmount });
          expectEvent(dev, `inventory:${json.id}`);
        }
        break;
      }
      case 'upload: asset': {
        if (!game) break;
        const bytes = randomPng();
        const assetId = randomAssetId();
        const name = `Image ${assetId}`;
        const form = new FormData();
        form.set('name', name);
        form.set('assetId', assetId);
        form.set('file', new Blob([bytes], { type: 'image/png' }), `${assetId}.png`);
        const { status, json } = await call(base, dev, kind, 'POST', `${at}/assets`, form);
        if (status === 201 && json?.id) {
          game.assets.set(json.id, { assetId, name, bytes });
          expectEvent(dev, `assets:${json.id}`);
        }
        break;
      }
    }
    if (THINK_MS > 0) await sleep(randomInt(0, 2 * THINK_MS + 1));
  }
}

/**
 * Runs `work` over `list`, `limit` at a time.
 * @template T
 * @param {T[]} list
 * @param {number} limit
 * @param {(value: T, index: number) => Promise<void>} work
 */
async function eachLimited(list, limit, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, list.length) }, async () => {
      while (next < list.length) {
        const index = next++;
        await work(/** @type {T} */ (list[index]), index);
      }
    }),
  );
}

// ---- verification ----------------------------------------------------------------------------------------

/**
 * Lists each developer's games, items and assets and compares them with what the server acknowledged; fetches
 * a sample of asset URLs and compares their bytes.
 * @param {string} base
 * @param {Developer[]} devs
 */
async function verify(base, devs) {
  const result = {
    games: 0,
    items: 0,
    assets: 0,
    settings: 0,
    fetched: 0,
    unacknowledgedStored: 0,
    /** @type {string[]} */
    problems: [],
  };
  /** @type {{ url: string, bytes: Buffer, label: string }[]} */
  const assetUrls = [];
  /**
   * @param {Developer} dev
   * @param {string} route
   */
  const list = async (dev, route) => {
    const response = await fetch(`${base}${route}`, {
      headers: { cookie: dev.cookie },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`GET ${route} answered ${response.status} during verification`);
    return /** @type {any[]} */ (await response.json());
  };
  await eachLimited(devs, VERIFY_CONCURRENCY, async (dev) => {
    try {
      await verifyDeveloper(dev);
    } catch (error) {
      result.problems.push(`${dev.email}: verification stopped: ${error}`);
    }
  });
  /** @param {Developer} dev */
  async function verifyDeveloper(dev) {
    const stored = new Map((await list(dev, '/api/games')).map((g) => [g.id, g]));
    for (const id of stored.keys()) if (!dev.games.has(id)) result.unacknowledgedStored++;
    for (const [gameId, game] of dev.games) {
      result.games++;
      const row = stored.get(gameId);
      if (!row) {
        result.problems.push(`${dev.email}: acknowledged game ${gameId} is missing`);
        continue;
      }
      if (game.certain) {
        result.settings++;
        const theme = row.theme ?? {};
        if (
          row.orientation !== game.orientation ||
          theme.primaryColor !== game.theme.primaryColor ||
          theme.secondaryColor !== game.theme.secondaryColor
        ) {
          result.problems.push(
            `${dev.email}: game ${gameId} holds ${row.orientation} ${JSON.stringify(row.theme)}, the last acknowledged write was ${game.orientation} ${JSON.stringify(game.theme)}`,
          );
        }
      }
      const items = new Map((await list(dev, `/api/games/${gameId}/items`)).map((i) => [i.id, i]));
      for (const id of items.keys()) if (!game.items.has(id)) result.unacknowledgedStored++;
      for (const [itemId, item] of game.items) {
        result.items++;
        const stored = items.get(itemId);
        if (!stored) result.problems.push(`${dev.email}: acknowledged item ${itemId} is missing`);
        else if (stored.name !== item.name || stored.value !== item.value || stored.baseAmount !== item.baseAmount) {
          result.problems.push(`${dev.email}: item ${itemId} differs: ${JSON.stringify(stored)}`);
        }
      }
      const assets = new Map((await list(dev, `/api/games/${gameId}/assets`)).map((a) => [a.id, a]));
      for (const id of assets.keys()) if (!game.assets.has(id)) result.unacknowledgedStored++;
      for (const [id, asset] of game.assets) {
        result.assets++;
        const stored = assets.get(id);
        if (!stored) result.problems.push(`${dev.email}: acknowledged asset ${id} is missing`);
        else if (stored.size !== asset.bytes.length || stored.name !== asset.name || stored.type !== 'image/png') {
          result.problems.push(`${dev.email}: asset ${id} differs: ${JSON.stringify(stored)}`);
        } else assetUrls.push({ url: stored.url, bytes: asset.bytes, label: `${dev.email}: asset ${id}` });
      }
    }
  }
  // A random sample of the uploaded images, fetched back from their URLs.
  for (let i = assetUrls.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [assetUrls[i], assetUrls[j]] = [/** @type {any} */ (assetUrls[j]), /** @type {any} */ (assetUrls[i])];
  }
  await eachLimited(assetUrls.slice(0, ASSET_SAMPLE), VERIFY_CONCURRENCY, async ({ url, bytes, label }) => {
    result.fetched++;
    if (new URL(url).host !== new URL(base).host) {
      result.problems.push(`${label}: URL ${url} is not on the server`);
      return;
    }
    const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) result.problems.push(`${label}: ${url} answered ${response.status}`);
    else if (!body.equals(bytes)) result.problems.push(`${label}: ${url} answered ${body.length} different bytes`);
  });
  return result;
}

// ---- one run ---------------------------------------------------------------------------------------------

/** @param {number} ms */
const fmt = (ms) => (Number.isFinite(ms) ? ms.toFixed(1) : '—');

/**
 * @param {string} database
 * @param {Record<string, string>} env
 */
async function run(database, env) {
  stats = new Map();
  console.log(`\n== ${database}: ${USERS} developers × ${SECONDS} s, think time 0–${2 * THINK_MS} ms ==`);
  const server = await startServer({ LOG_LEVEL: 'info', AUTH_RATE_LIMIT_MAX: '100000', ...env });
  const forget = onInterrupt(() => server.stop());
  /** @type {Developer[]} */
  const devs = [];
  try {
    const setupStarted = performance.now();
    const stamp = Date.now().toString(36);
    for (let first = 0; first < USERS; first += SIGN_UP_BATCH) {
      const batch = Array.from({ length: Math.min(SIGN_UP_BATCH, USERS - first) }, (_, i) => first + i);
      const cookies = await Promise.all(batch.map((i) => createDeveloper(server, `load-${stamp}-${i}@studio.test`)));
      cookies.forEach((cookie, i) =>
        devs.push({
          email: `load-${stamp}-${first + i}@studio.test`,
          cookie,
          games: new Map(),
          events: new Map(),
          expected: new Map(),
          stream: { open: false, error: '' },
          closeStream: () => undefined,
        }),
      );
    }
    const accountsSeconds = (performance.now() - setupStarted) / 1000;
    await eachLimited(devs, 20, (dev) => openStream(server.url, dev));
    console.log(
      `  ${USERS} accounts signed up, verified from the log and signed in (batches of ${SIGN_UP_BATCH}) in ${accountsSeconds.toFixed(1)} s; ${devs.filter((d) => d.stream.open).length} event streams open`,
    );

    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    const progress = setInterval(() => {
      const done = [...stats.values()].reduce((sum, s) => sum + s.latencies.length, 0);
      console.log(`  … ${((performance.now() - started) / 1000).toFixed(0)} s, ${done} requests`);
    }, 15_000);
    try {
      await Promise.all(devs.map((dev) => simulate(server.url, dev, deadline)));
    } finally {
      clearInterval(progress);
    }
    const elapsed = (performance.now() - started) / 1000;
    const streamsOpenAtEnd = devs.filter((d) => d.stream.open).length;
    await sleep(2000); // events for the last writes
    for (const dev of devs) dev.closeStream();

    printStats(elapsed);

    let expectedEvents = 0;
    let missingEvents = 0;
    for (const dev of devs) {
      for (const [key, count] of dev.expected) {
        expectedEvents += count;
        missingEvents += Math.max(0, count - (dev.events.get(key) ?? 0));
      }
    }
    const streamErrors = devs.filter((d) => d.stream.error).map((d) => `${d.email}: ${d.stream.error}`);
    console.log(
      `  event streams: ${streamsOpenAtEnd}/${USERS} still open at the end; ${expectedEvents} acknowledged writes, ${missingEvents} of them never announced on the writer's stream`,
    );
    for (const line of streamErrors.slice(0, 5)) console.log(`    stream ended early: ${line}`);

    const checked = await verify(server.url, devs);
    console.log(
      `  verified: ${checked.games} acknowledged games (${checked.settings} with their last orientation and theme compared), ${checked.items} items, ${checked.assets} assets; ${checked.fetched} asset URLs fetched and compared byte for byte`,
    );
    console.log(
      `  missing or different: ${checked.problems.length}; stored without an acknowledgement (a request that timed out or failed on the network): ${checked.unacknowledgedStored}`,
    );
    for (const problem of checked.problems.slice(0, 20)) console.log(`    ${problem}`);

    if (!server.alive())
      console.log(`  THE SERVER EXITED during the run; its log ends:\n${server.output().slice(-4000)}`);
    const logged = server
      .output()
      .split('\n')
      .filter((line) => / (ERROR|WARN) /.test(line));
    console.log(`  server log: ${logged.length} WARN/ERROR lines`);
    for (const line of logged.slice(0, 20)) console.log(`    ${line}`);
  } finally {
    forget();
    for (const dev of devs) dev.closeStream();
    await server.stop();
  }
}

/** @param {number} elapsed seconds */
function printStats(elapsed) {
  const kinds = [...stats.keys()].sort();
  const all = [...stats.values()].flatMap((s) => s.latencies);
  /** @type {Map<string, number>} */
  const statuses = new Map();
  for (const s of stats.values()) {
    for (const [status, count] of s.statuses) statuses.set(status, (statuses.get(status) ?? 0) + count);
  }
  const header = ['kind', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'answers'];
  const rows = kinds.map((kind) => {
    const s = /** @type {KindStats} */ (stats.get(kind));
    return [
      kind,
      String(s.latencies.length),
      (s.latencies.length / elapsed).toFixed(1),
      fmt(percentile(s.latencies, 50)),
      fmt(percentile(s.latencies, 95)),
      fmt(percentile(s.latencies, 99)),
      [...s.statuses].map(([status, count]) => `${status}×${count}`).join(' '),
    ];
  });
  rows.push([
    'overall',
    String(all.length),
    (all.length / elapsed).toFixed(1),
    fmt(percentile(all, 50)),
    fmt(percentile(all, 95)),
    fmt(percentile(all, 99)),
    '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (/** @type {string[]} */ cells) =>
    `  | ${cells.map((c, i) => (i >= 1 && i <= 5 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  console.log(`  ${all.length} requests in ${elapsed.toFixed(1)} s: ${(all.length / elapsed).toFixed(1)} req/s`);
  console.log(line(header));
  console.log(`  |${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  const failed = [...statuses].filter(([status]) => !/^2\d\d$/.test(status));
  console.log(
    `  errors by status: ${failed.length ? failed.map(([status, count]) => `${status}×${count}`).join(', ') : 'none'}`,
  );
  for (const [kind, s] of stats) {
    for (const [status, body] of s.samples) console.log(`    ${kind} → ${status}: ${body}`);
  }
}

const databases = selectedDatabases();
if (databases.pglite) {
  const dataDir = temporaryDataDir('liveops-bench-load-');
  try {
    await run('PGlite', { DATA_DIR: dataDir.dir });
  } finally {
    await dataDir.remove();
  }
}
if (databases.postgres) {
  const dataDir = temporaryDataDir('liveops-bench-load-');
  try {
    await withFreshPostgres((url) => run('PostgreSQL', { DATA_DIR: dataDir.dir, DATABASE_URL: url }));
  } finally {
    await dataDir.remove();
  }
}
