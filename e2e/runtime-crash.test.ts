import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app';
import { signedUpVisitor } from './support/visitor';

/** A game client of the runtime: a bearer token, no cookies. */
async function runtimeCall(
  base: string,
  method: string,
  url: string,
  { token, json, headers = {} }: { token?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; text: string; body: unknown }> {
  const response = await fetch(new URL(url, base), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? (JSON.parse(text) as unknown) : null };
}

const PLAYERS = 240;

const dataDirs: string[] = [];
const apps: RunningApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.stop().catch(() => undefined);
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

describe('a crash during a burst of claims', { timeout: 480_000 }, () => {
  it('keeps every acknowledged claim once, grants the rest once on retry, and keeps balances equal to the ledger', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'liveops-runtime-crash-'));
    dataDirs.push(dataDir);
    let app = await startApp({ dataDir });
    apps.push(app);
    const { visitor } = await signedUpVisitor(app.url, app.smtp, 'runtime-crash');
    const send = async (method: string, url: string, body?: unknown) => {
      const answer = await visitor.send(method, url, body);
      if (answer.status >= 300)
        throw new Error(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer.body as Record<string, unknown>;
    };
    const game = await send('POST', '/api/games', { name: 'Crash Quest', description: 'claims', platforms: ['Web'] });
    const gold = await send('POST', `/api/games/${game.id as string}/items`, {
      name: 'Gold',
      type: 'currency',
      value: 1,
      baseAmount: 1,
    });
    const pack = await send('POST', `/api/games/${game.id as string}/packs`, {
      name: 'Daily Gold',
      contents: [{ itemId: gold.id, quantity: 10 }],
      iconId: 'coin',
    });
    const config = await send('POST', `/api/games/${game.id as string}/daily-rewards`, {});
    await send('PATCH', `/api/games/${game.id as string}/daily-rewards/${config.id as string}`, {
      rewards: Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: pack.id })),
      cycleDays: 7,
    });
    const published = await visitor.send('POST', `/api/games/${game.id as string}/releases`, {});
    expect(String(published.body)).toContain('"type":"done"');

    const players: { id: string; token: string; key: string }[] = [];
    for (let i = 0; i < PLAYERS; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, PLAYERS - i) }, async (_, j) => {
          const id = `crash-${i + j}`;
          const session = await runtimeCall(app.url, 'POST', '/v1/sessions', {
            json: { sdkKey: game.sdkKey, playerId: id },
          });
          expect(session.status, session.text).toBe(200);
          return { id, token: (session.body as { token: string }).token, key: randomUUID() };
        }),
      );
      players.push(...batch);
    }
    const claimPath = `/v1/daily-rewards/${config.id as string}/claim`;

    // Every player claims at once; the server is killed once a few dozen claims are acknowledged.
    const acknowledged = new Map<string, string>();
    let killing: Promise<void> | null = null;
    const victim = app;
    await Promise.all(
      players.map(async (player) => {
        try {
          const answer = await runtimeCall(victim.url, 'POST', claimPath, {
            token: player.token,
            headers: { 'idempotency-key': player.key },
          });
          if (answer.status === 200) acknowledged.set(player.id, answer.text);
          else expect(answer.status, answer.text).toBe(200);
          if (acknowledged.size === 30 && !killing) killing = victim.kill('SIGKILL');
        } catch {
          // The connection died with the server: not acknowledged.
        }
      }),
    );
    await (killing ?? victim.kill('SIGKILL'));
    expect(acknowledged.size).toBeGreaterThanOrEqual(30);
    expect(acknowledged.size, 'the kill must land in the middle of the burst').toBeLessThan(PLAYERS);

    app = await startApp({ dataDir });
    apps.push(app);
    // Each player retries with the same key, as the SDK does: an acknowledged claim answers the same body; any other
    // is granted now, or was granted before the kill and answers that.
    for (const player of players) {
      const retry = await runtimeCall(app.url, 'POST', claimPath, {
        token: player.token,
        headers: { 'idempotency-key': player.key },
      });
      expect(retry.status, `${player.id}: ${retry.text}`).toBe(200);
      const before = acknowledged.get(player.id);
      if (before) expect(JSON.parse(retry.text)).toEqual(JSON.parse(before));
      const again = await runtimeCall(app.url, 'POST', claimPath, {
        token: player.token,
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(again.status).toBe(409);

      const ledger = await runtimeCall(app.url, 'GET', '/v1/inventory/ledger', { token: player.token });
      const entries = (ledger.body as { entries: { itemId: string; amount: number; reason: string }[] }).entries;
      expect(entries.filter((e) => e.reason === 'daily_reward')).toHaveLength(1);
      const inventory = await runtimeCall(app.url, 'GET', '/v1/inventory', { token: player.token });
      const balances = (inventory.body as { balances: { itemId: string; amount: number }[] }).balances;
      for (const balance of balances) {
        const sum = entries.filter((e) => e.itemId === balance.itemId).reduce((total, e) => total + e.amount, 0);
        expect(balance.amount, `${player.id} ${balance.itemId}`).toBe(sum);
      }
      expect(balances.find((b) => b.itemId === gold.id)?.amount).toBe(11);
    }
  });
});
