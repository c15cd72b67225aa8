/** Runs `work` over the items, at most `limit` at a time; the first failure rejects (the rest still settle). */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  // Set by whichever worker fails first (the cast keeps TypeScript from reading it as always null).
  let failure = null as { error: unknown } | null;
  const worker = async () => {
    while (next < items.length && !failure) {
      const index = next++;
      try {
        await work(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
}
