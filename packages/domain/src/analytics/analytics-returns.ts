/**
 * Return rates (decisions 042 and 047): of the players active on day d (any event of theirs that
 * day, at the game's scope or a config's), and of those who claimed on d, how many came back to the game (any
 * event) on d + 1 and on d + 7.
 *
 * Pairs of presences. A pair (cohort on d, back on d + k) is counted once, when the second of its two presences
 * is new, whichever of the two arrives first: a claim fed late may arrive after the player's session of the next
 * day. A player's presences of the last PRESENCE_KEEP_DAYS days are kept (the server keeps them in one row per
 * player, which also serialises the writers of one player), so each new one finds its partners. Presences form a
 * set, so any split into batches, any order and any replay count each pair once: the counts equal a recount of the
 * raw events (`recountReturnPairs`), as long as no event arrives more than PRESENCE_KEEP_DAYS − 1 days after a later
 * day of the same player's (such an event is left out of the pairs; the server's events are at most a day late).
 */

/** The days after d a player is looked for: the next day and a week later. */
export const RETURN_OFFSETS = [1, 7] as const;
export type ReturnOffset = (typeof RETURN_OFFSETS)[number];

/** Days of a player's presences kept: their latest day and the 9 before it (d + 7 plus two days of lateness). */
export const PRESENCE_KEEP_DAYS = 10;

/** The counters of a cohort day's rollup row that pairs add to. */
export type ReturnCounter = `back:${'active' | 'claimed'}:${ReturnOffset}`;

/**
 * One player's presences by UTC day: the scopes they were active in (`a`) and claimed in (`c`), the game's scope
 * written '' and a config's its id; and, for the last days only, the rollup markers already counted for them that
 * day (`m`: by row scope, the counters; see markPresence in analytics-rollup.ts). Plain JSON: the server stores it
 * as is.
 */
export type PresenceDay = {
  readonly a: readonly string[];
  readonly c: readonly string[];
  readonly m?: Readonly<Record<string, readonly string[]>>;
};
export type PlayerPresence = Readonly<Record<string, PresenceDay>>;

/** A pair counted: +1 to `counter` of the row (day, config; null for the game). */
export type ReturnPair = { day: string; configId: string | null; counter: ReturnCounter };

const DAY_MS = 86_400_000;
/** Days met lately, both ways (a presence pass shifts the same few days thousands of times). */
const dayNumbers = new Map<string, number>();
const dayTexts = new Map<number, string>();
const DAYS_KNOWN = 4096;
/** The day `days` after `day` (both `YYYY-MM-DD`, UTC): pure, with what it worked out kept for the next call. */
export const shiftDay = (day: string, days: number): string => {
  let number = dayNumbers.get(day);
  if (number === undefined) {
    number = Date.parse(`${day}T00:00:00Z`) / DAY_MS;
    // Not a day: the Date below throws, as it always did, and nothing is kept.
    if (!Number.isInteger(number)) return new Date(number * DAY_MS + days * DAY_MS).toISOString().slice(0, 10);
    if (dayNumbers.size >= DAYS_KNOWN) dayNumbers.clear();
    dayNumbers.set(day, number);
  }
  const shifted = number + days;
  let text = dayTexts.get(shifted);
  if (text === undefined) {
    text = new Date(shifted * DAY_MS).toISOString().slice(0, 10);
    if (dayTexts.size >= DAYS_KNOWN) dayTexts.clear();
    dayTexts.set(shifted, text);
  }
  return text;
};

const scopeConfig = (scope: string) => (scope === '' ? null : scope);

/**
 * Adds one event of the player (its day, config and whether it is a claim) to their presences; answers the pairs
 * it completed. The presence given is not changed.
 */
export function advancePresence(
  presence: PlayerPresence,
  event: { day: string; configId: string | null; claimed: boolean },
): { presence: PlayerPresence; pairs: ReturnPair[] } {
  const days = Object.keys(presence).sort();
  const latest = days.at(-1);
  if (latest !== undefined && event.day < shiftDay(latest, -(PRESENCE_KEEP_DAYS - 1))) return { presence, pairs: [] };
  const a = [...(presence[event.day]?.a ?? [])];
  const c = [...(presence[event.day]?.c ?? [])];
  // The day's markers (`m`) go along unchanged: markPresence keeps them.
  const entry: PresenceDay = { ...presence[event.day], a, c };
  const backOn = (day: string) => presence[day]?.a.includes('') ?? false;
  const pairs: ReturnPair[] = [];
  for (const scope of event.configId === null ? [''] : ['', event.configId]) {
    if (!a.includes(scope)) {
      a.push(scope);
      for (const k of RETURN_OFFSETS) {
        if (backOn(shiftDay(event.day, k))) {
          pairs.push({ day: event.day, configId: scopeConfig(scope), counter: `back:active:${k}` });
        }
      }
      // Active in the game on this day: the player is back for the cohorts of d − 1 and d − 7.
      if (scope === '') {
        for (const k of RETURN_OFFSETS) {
          const day = shiftDay(event.day, -k);
          for (const cohort of presence[day]?.a ?? []) {
            pairs.push({ day, configId: scopeConfig(cohort), counter: `back:active:${k}` });
          }
          for (const cohort of presence[day]?.c ?? []) {
            pairs.push({ day, configId: scopeConfig(cohort), counter: `back:claimed:${k}` });
          }
        }
      }
    }
    if (event.claimed && !c.includes(scope)) {
      c.push(scope);
      for (const k of RETURN_OFFSETS) {
        if (backOn(shiftDay(event.day, k))) {
          pairs.push({ day: event.day, configId: scopeConfig(scope), counter: `back:claimed:${k}` });
        }
      }
    }
  }
  const newest = latest === undefined || event.day > latest ? event.day : latest;
  const oldest = shiftDay(newest, -(PRESENCE_KEEP_DAYS - 1));
  const next: Record<string, PresenceDay> = {};
  for (const day of [...days, event.day]) {
    if (day >= oldest) next[day] = day === event.day ? entry : presence[day]!;
  }
  return { presence: next, pairs };
}

/**
 * The pairs counted afresh from one player's events, all at once: for each day and scope the player was active
 * (claimed) in, each k with an event of theirs on d + k.
 */
export function recountReturnPairs(
  events: readonly { day: string; configId: string | null; claimed: boolean }[],
): ReturnPair[] {
  const active = new Set<string>();
  const claimed = new Set<string>();
  const gameDays = new Set(events.map((event) => event.day));
  for (const event of events) {
    for (const scope of event.configId === null ? [''] : ['', event.configId]) {
      active.add(JSON.stringify([event.day, scope]));
      if (event.claimed) claimed.add(JSON.stringify([event.day, scope]));
    }
  }
  const pairs: ReturnPair[] = [];
  for (const [set, kind] of [
    [active, 'active'],
    [claimed, 'claimed'],
  ] as const) {
    for (const text of set) {
      const [day, scope] = JSON.parse(text) as [string, string];
      for (const k of RETURN_OFFSETS) {
        if (gameDays.has(shiftDay(day, k)))
          pairs.push({ day, configId: scopeConfig(scope), counter: `back:${kind}:${k}` });
      }
    }
  }
  return pairs;
}
