#!/usr/bin/env node
// The server's in-memory caches (decision 061): which eviction policy to use for all of them. Each candidate runs
// the same sequences of keys at the same capacity, on three workloads shaped like the server's caches:
// - claims: a player's session then claims, as last-claims.ts sees them: every request reads its player and writes
//   it back (a set on every hit too), players drawn with a skew (a few play a lot);
// - reads: read-mostly, set only on a miss (tokens, experiment assignments, compiled segments, sessions), same keys;
// - churn: every key new (a burst of new players), as many as the capacity: insertion at capacity, nothing to hit.
// Players are drawn from four times the capacity, the square of a uniform draw (half the requests go to the
// first quarter). Every run starts from a cache filled to capacity. Prints ns per request (median of BENCH_RUNS)
// and the hit rate; asserts nothing. No build needed. Evicting with keys().next() is so slow at capacity (decision
// 061) that a run stops after BENCH_SECONDS.

const CAPACITY = Number(process.env.BENCH_CAPACITY ?? 20_000);
const OPERATIONS = Number(process.env.BENCH_OPERATIONS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

/** @typedef {{ get: (key: string) => object | undefined, set: (key: string, value: object) => void }} Cache */

/** Insertion order: a full Map drops its oldest key, found with keys().next(); a hit does not move. */
function fifo(/** @type {number} */ capacity) {
  /** @type {Map<string, object>} */
  const map = new Map();
  return /** @type {Cache} */ ({
    get: (key) => map.get(key),
    set(key, value) {
      if (!map.has(key) && map.size >= capacity) {
        const oldest = map.keys().next();
        if (!oldest.done) map.delete(oldest.value);
      }
      map.set(key, value);
    },
  });
}

/** LRU in a Map: a hit is deleted and set again (moved to the end); a full Map drops keys().next(). */
function lruMap(/** @type {number} */ capacity) {
  /** @type {Map<string, object>} */
  const map = new Map();
  return /** @type {Cache} */ ({
    get(key) {
      const value = map.get(key);
      if (value !== undefined) {
        map.delete(key);
        map.set(key, value);
      }
      return value;
    },
    set(key, value) {
      if (map.delete(key)) return void map.set(key, value);
      if (map.size >= capacity) {
        const oldest = map.keys().next();
        if (!oldest.done) map.delete(oldest.value);
      }
      map.set(key, value);
    },
  });
}

/** Exact LRU in O(1): a Map of nodes in a doubly linked list (what lru-cache and most libraries do). */
function lruList(/** @type {number} */ capacity) {
  /** @typedef {{ key: string, value: object, prev: Node | null, next: Node | null }} Node */
  /** @type {Map<string, Node>} */
  const map = new Map();
  /** @type {Node | null} */ let head = null;
  /** @type {Node | null} */ let tail = null;
  const unlink = (/** @type {Node} */ node) => {
    if (node.prev) node.prev.next = node.next;
    else head = node.next;
    if (node.next) node.next.prev = node.prev;
    else tail = node.prev;
    node.prev = node.next = null;
  };
  const push = (/** @type {Node} */ node) => {
    node.prev = tail;
    if (tail) tail.next = node;
    else head = node;
    tail = node;
  };
  return /** @type {Cache} */ ({
    get(key) {
      const node = map.get(key);
      if (!node) return undefined;
      if (node !== tail) {
        unlink(node);
        push(node);
      }
      return node.value;
    },
    set(key, value) {
      const found = map.get(key);
      if (found) {
        found.value = value;
        if (found !== tail) {
          unlink(found);
          push(found);
        }
        return;
      }
      if (map.size >= capacity && head) {
        map.delete(head.key);
        unlink(head);
      }
      const node = { key, value, prev: null, next: null };
      map.set(key, node);
      push(node);
    },
  });
}

/** A full Map is cleared. */
function clearWhenFull(/** @type {number} */ capacity) {
  /** @type {Map<string, object>} */
  const map = new Map();
  return /** @type {Cache} */ ({
    get: (key) => map.get(key),
    set(key, value) {
      if (!map.has(key) && map.size >= capacity) map.clear();
      map.set(key, value);
    },
  });
}

/** Two generations of half the capacity each, a hit in the old one moved to the young one (bounded-cache.ts). */
function generations(/** @type {number} */ capacity) {
  const half = Math.max(1, Math.floor(capacity / 2));
  /** @type {Map<string, object>} */ let young = new Map();
  /** @type {Map<string, object>} */ let old = new Map();
  const add = (/** @type {string} */ key, /** @type {object} */ value) => {
    if (young.size >= half) {
      old = young;
      young = new Map();
    }
    young.set(key, value);
  };
  return /** @type {Cache} */ ({
    get(key) {
      const hit = young.get(key);
      if (hit !== undefined) return hit;
      const value = old.get(key);
      if (value === undefined) return undefined;
      old.delete(key);
      add(key, value);
      return value;
    },
    set(key, value) {
      if (young.has(key)) return void young.set(key, value);
      old.delete(key);
      add(key, value);
    },
  });
}

const policies = {
  'insertion order (keys().next())': fifo,
  'LRU by delete and set': lruMap,
  'LRU, linked list': lruList,
  'clear when full': clearWhenFull,
  'two generations': generations,
};

// Keys shaped like player ids (UUIDs), made once: the runs time the caches, not the strings.
const names = Array.from(
  { length: CAPACITY * 4 },
  (_, i) => `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`,
);
const churnNames = Array.from(
  { length: CAPACITY },
  (_, i) => `${String(i).padStart(8, '0')}-1111-4000-8000-000000000000`,
);
// mulberry32: the same draws every run.
let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const skewed = Array.from({ length: OPERATIONS }, () => names[Math.floor(names.length * random() ** 2)] ?? '');
const value = { last: null, until: 0 };

/**
 * Requests `keys` of the cache, setting what it misses (and, with `writeBack`, what it hits too), until the keys or
 * the run's time are spent; the hits and the requests made.
 */
function requests(/** @type {Cache} */ cache, /** @type {string[]} */ keys, writeBack = false) {
  const deadline = performance.now() + SECONDS * 1000;
  let hits = 0;
  let made = 0;
  for (; made < keys.length; made++) {
    if ((made & 1023) === 1023 && performance.now() > deadline) break;
    const key = keys[made] ?? '';
    if (cache.get(key) !== undefined) {
      hits++;
      if (writeBack) cache.set(key, value);
    } else cache.set(key, value);
  }
  return { hits, made };
}

const workloads = {
  claims: (/** @type {Cache} */ cache) => requests(cache, skewed, true),
  reads: (/** @type {Cache} */ cache) => requests(cache, skewed),
  churn: (/** @type {Cache} */ cache) => requests(cache, churnNames),
};

console.log(`capacity ${CAPACITY}, ${OPERATIONS} requests a run, median of ${RUNS} runs (ns per request, hit rate)`);
console.log(['policy'.padEnd(34), ...Object.keys(workloads).map((name) => name.padStart(20))].join(''));
for (const [name, make] of Object.entries(policies)) {
  const cells = [];
  for (const run of Object.values(workloads)) {
    /** @type {number[]} */
    const times = [];
    let hitRate = 0;
    let cut = false;
    for (let i = 0; i < RUNS; i++) {
      const cache = make(CAPACITY);
      // Filled first, so that every run measures a cache at capacity.
      for (let k = 0; k < CAPACITY; k++) cache.set(names[k] ?? '', value);
      const started = process.hrtime.bigint();
      const { hits, made } = run(cache);
      times.push(Number(process.hrtime.bigint() - started) / made);
      hitRate = hits / made;
      cut ||= made < (run === workloads.churn ? churnNames.length : skewed.length);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    cells.push(`${cut ? '*' : ''}${median.toFixed(0)} ns ${(hitRate * 100).toFixed(1)} %`.padStart(20));
  }
  console.log([name.padEnd(34), ...cells].join(''));
}
console.log(`* cut at ${SECONDS} s a run: ns per request of the requests made by then`);
