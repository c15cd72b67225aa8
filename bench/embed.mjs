#!/usr/bin/env node
// The embed page a game's web view loads (/embed/daily_rewards with a 7-day config in its URL), in Debian's
// Chromium with 4× CPU throttling: bytes transferred, requests, first contentful paint and the moment the popup
// (its "Claim Reward" button) is first painted, median of BENCH_RUNS (default 5) cold loads. The floor, in the
// same run: a hand-written static HTML page of the same popup (inline CSS, no script) served by a bare Node
// server. Prints figures; asserts nothing. Build first.
import { createServer } from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, onInterrupt, startServer } from './lib.mjs';
import {
  CONFIG_QUERY,
  CPU_THROTTLING,
  floorHtml,
  launchBrowser,
  measureAll,
  printTable,
  RUNS,
} from './popup-pages.mjs';

async function startFloorPage() {
  const port = await freePort();
  const html = floorHtml();
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(html);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  return { url: `http://127.0.0.1:${port}/`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'liveops-bench-embed-'));
const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
const floor = await startFloorPage();
const browser = await launchBrowser();
const stopAll = async () => {
  await browser.close();
  await floor.stop();
  await server.stop();
};
onInterrupt(stopAll);
try {
  console.log(`\nEmbed page, Chromium with ${CPU_THROTTLING}× CPU throttling, 390×844, cold loads, median of ${RUNS}`);
  const rows = await measureAll(browser, [
    { name: 'floor: hand-written static HTML popup', url: floor.url },
    { name: '/embed/daily_rewards?config=… (7 days)', url: `${server.url}/embed/daily_rewards?${CONFIG_QUERY}` },
  ]);
  printTable(rows);
} finally {
  await stopAll();
}
