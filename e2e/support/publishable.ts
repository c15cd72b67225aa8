/** A JSON call of the test's own client, answering the parsed body (throwing on a refusal). */
export type SendJson = (method: 'POST' | 'PATCH', path: string, body: unknown) => Promise<unknown>;

/**
 * Gives each config a pack on all 7 days, so a publish accepts it (decision 029 refuses a day without a pack):
 * one item and one pack for the game.
 */
export async function everyDayAPack(send: SendJson, gameId: string, configIds: readonly string[]): Promise<void> {
  const item = (await send('POST', `/api/games/${gameId}/items`, {
    name: 'Daily Gold',
    type: 'currency',
    value: 1,
    baseAmount: 1,
  })) as { id: string };
  const pack = (await send('POST', `/api/games/${gameId}/packs`, {
    name: 'Daily Chest',
    contents: [{ itemId: item.id, quantity: 5 }],
    iconId: 'gift',
  })) as { id: string };
  const rewards = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: pack.id }));
  for (const id of configIds) {
    await send('PATCH', `/api/games/${gameId}/daily-rewards/${id}`, { rewards, cycleDays: 7 });
  }
}

/** SendJson through a test's visitor (anything with send answering a status and a parsed body). */
export const sendingAs =
  (visitor: {
    send(method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  }): SendJson =>
  async (method, path, body) => {
    const answer = await visitor.send(method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}`);
    return answer.body;
  };
