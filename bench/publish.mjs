#!/usr/bin/env node
// Publishing 100 daily reward configs on the filesystem storage (PGlite), timed from the request to the last line
// of the answer (the release live), median of BENCH_RUNS (default 3) publishes. Each config has 7 days of a pack and
// a 40-node layout. The floor, in the same run: the same files (every page and config.json, versioned and stable,
// and the manifest) written straight to disk with the same flush per file. Target: ≤ 3 s. Build first.
import { mkdtemp, open, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiCaller, gameWithGold, createDeveloper, onInterrupt, percentile, root, startServer } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONFIGS = Number(process.env.BENCH_CONFIGS ?? 100);

/** A 40-node layout: a frame, a title and a grid of 38 texts. @param {number} index */
function layout(index) {
  return {
    id: 'root',
    type: 'BackgroundCB',
    props: {},
    children: [
      {
        id: 'frame',
        type: 'GridCB',
        label: 'Popup Frame',
        props: { columns: 1, gap: 8 },
        children: [
          { id: 'title', type: 'TextCB', props: { value: `Config ${index}` } },
          {
            id: 'grid',
            type: 'GridCB',
            label: 'Rewards Grid',
            props: { columns: 6, gap: 4 },
            children: Array.from({ length: 36 }, (_, i) => ({ id: `t${i}`, type: 'TextCB', props: { value: `${i}` } })),
          },
        ],
      },
    ],
  };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'liveops-bench-publish-'));
const floorDir = await mkdtemp(path.join(tmpdir(), 'liveops-bench-publish-floor-'));
const server = await startServer({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
});
const stopAll = async () => {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(floorDir, { recursive: true, force: true });
};
onInterrupt(stopAll);
try {
  const cookie = await createDeveloper(server, 'publish-bench@studio.test');
  const call = apiCaller(server, cookie);

  const { game, gold: item } = await gameWithGold(call, 'Publish Bench');
  const pack = await call('POST', `/api/games/${game.id}/packs`, {
    name: 'Chest',
    contents: [{ itemId: item.id, quantity: 5 }],
  });
  const rewards = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: pack.id }));
  for (let i = 0; i < CONFIGS; i++) {
    const config = await call('POST', `/api/games/${game.id}/daily-rewards`, { name: `Week ${i + 1}` });
    await call('PATCH', `/api/games/${game.id}/daily-rewards/${config.id}`, { rewards, cycleDays: 7 });
    await call('PUT', `/api/games/${game.id}/daily-rewards/${config.id}/layout`, { uiLayout: layout(i) });
  }

  /** @type {number[]} */
  const times = [];
  let pageBytes = 0;
  let configBytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const text = await call('POST', `/api/games/${game.id}/releases`, {});
    times.push(performance.now() - started);
    const last = JSON.parse(text.trim().split('\n').pop());
    if (last.type !== 'done') throw new Error(`publish failed: ${JSON.stringify(last)}`);
    if (last.release.artifacts.length !== CONFIGS) throw new Error('not every config was published');
    if (run === 0) {
      const first = last.release.artifacts[0];
      pageBytes = (await (await fetch(first.versionedHtmlUrl)).arrayBuffer()).byteLength;
      configBytes = (await (await fetch(first.versionedConfigUrl)).arrayBuffer()).byteLength;
    }
  }

  // The floor: the same number of files and bytes written straight to disk, each flushed, as the adapter does.
  const page = new Uint8Array(pageBytes);
  const config = new Uint8Array(configBytes);
  /** @type {number[]} */
  const floors = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const writes = [];
    for (let i = 0; i < CONFIGS; i++) {
      for (const folder of [`r${run}/v/${i}`, `r${run}/s/${i}`]) {
        writes.push(
          (async () => {
            const dir = path.join(floorDir, folder);
            await mkdir(dir, { recursive: true });
            for (const [name, bytes] of [
              ['daily_rewards.html', page],
              ['config.json', config],
            ]) {
              const handle = await open(path.join(dir, /** @type {string} */ (name)), 'w');
              await handle.writeFile(/** @type {Uint8Array} */ (bytes));
              await handle.sync();
              await handle.close();
            }
          })(),
        );
      }
    }
    await Promise.all(writes);
    floors.push(performance.now() - started);
  }

  const fmt = (/** @type {number[]} */ values) =>
    `median ${(percentile(values, 50) / 1000).toFixed(2)} s  (runs: ${values.map((v) => (v / 1000).toFixed(2)).join(', ')})`;
  console.log(`\nPublishing ${CONFIGS} daily reward configs (filesystem storage, PGlite), ${RUNS} runs`);
  console.log(
    `  files per publish: ${CONFIGS * 4 + 1} (page ${(pageBytes / 1024).toFixed(1)} KB, config.json ${(configBytes / 1024).toFixed(1)} KB)`,
  );
  console.log(`  floor: the same files written straight to disk  ${fmt(floors)}`);
  console.log(`  publish, request to release live (target ≤ 3 s) ${fmt(times)}`);
} finally {
  await stopAll();
}
