import { describe, expect, it } from 'vitest';
import { lintProbe } from './support/lint-probe';

/** A module writing each of the ledger's tables one way or another, and reading one (which is allowed). */
const WRITES = [
  "import { sql } from 'drizzle-orm';",
  'export const grant = sql`with g as (select 1)\n  INSERT  INTO wallet_ledger (player_ref) select 1`;',
  "export const claimRow = 'update daily_reward_claim set streak = 0';",
  'export const remove = sql`delete from wallet_operation`;',
  'export const write = (db: { insert: (table: unknown) => unknown }, walletBalance: unknown) => db.insert(walletBalance);',
  'export const read = sql`select amount from wallet_balance`;',
].join('\n');

async function ledgerRefusals(filePath: string) {
  const messages = await lintProbe(WRITES, filePath);
  return messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((m) => m.line);
}

describe('the player ledger is the one door of balances and claims (decision 059)', () => {
  it('fails lint on a write of the ledger’s tables anywhere in the server but the ledger, and allows reads', async () => {
    expect(await ledgerRefusals('apps/server/src/players/some-feature.ts')).toEqual([2, 4, 5, 6]);
    expect(await ledgerRefusals('apps/server/src/player-ledger/some-write.ts')).toEqual([]);
  });

  it('keeps the game lock rule beside it: tryAcquire outside db/game-lock.ts fails, in the ledger too', async () => {
    const byHand = `${WRITES}\nexport const take = (locks: { tryAcquire: (p: string, g: string) => unknown }) => locks.tryAcquire('releases', 'g');`;
    const refusals = async (filePath: string) => {
      const messages = await lintProbe(byHand, filePath);
      return messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
    };
    expect(await refusals('apps/server/src/players/some-feature.ts')).toEqual([2, 4, 5, 6, 8]);
    expect(await refusals('apps/server/src/player-ledger/some-write.ts')).toEqual([8]);
    expect(await refusals('apps/server/src/db/game-lock.ts')).toEqual([2, 4, 5, 6]);
  });
});
