import { describe, expect, it } from 'vitest';
import { CLAIM_RETRY_DELAYS_MS, claimWithSession, randomKey, type ClaimTransport } from './claim-with-session';
import { RESULT, SESSION } from './test-session';

type Answer = Response | Error;
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** A transport whose fetch gives the answers in order and records each request; sleeping records its wait. */
function transport(...answers: Answer[]) {
  const requests: { url: string; init: RequestInit }[] = [];
  const waits: number[] = [];
  const given: ClaimTransport = {
    fetch: (url, init) => {
      requests.push({ url, init });
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected request ${requests.length}`);
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    timeoutMs: 10_000,
  };
  const header = (index: number, name: string) => (requests[index]?.init.headers as Record<string, string>)[name];
  return { given, requests, waits, header };
}

describe('claimWithSession', () => {
  it("posts the claim to the session's runtime with its token and the claim's key, and gives the 200 body", async () => {
    const { given, requests, header } = transport(json(200, RESULT));
    expect(await claimWithSession({ ...SESSION, configId: 'a b' }, 'key-1', given)).toEqual({
      ok: true,
      result: RESULT,
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('https://dash.example/v1/daily-rewards/a%20b/claim');
    expect(requests[0]!.init).toMatchObject({ method: 'POST', credentials: 'omit', cache: 'no-store' });
    expect(header(0, 'Authorization')).toBe('Bearer v1.payload.signature');
    expect(header(0, 'Idempotency-Key')).toBe('key-1');
  });

  it('gives already_claimed with when the next claim comes, without trying again', async () => {
    const { given, requests } = transport(
      json(409, { code: 'already_claimed', message: 'Already.', nextClaimAt: '2030-01-02T00:00:00.000Z' }),
    );
    expect(await claimWithSession(SESSION, 'key-1', given)).toEqual({
      ok: false,
      status: 409,
      code: 'already_claimed',
      message: 'Already.',
      nextClaimAt: '2030-01-02T00:00:00.000Z',
      transient: false,
    });
    expect(requests).toHaveLength(1);
  });

  it('tries again after a network failure and a 503, with the same Idempotency-Key, waiting what Retry-After asks', async () => {
    const { given, requests, waits, header } = transport(
      new TypeError('Failed to fetch'),
      json(503, { code: 'unavailable', message: 'Busy.' }, { 'Retry-After': '2' }),
      json(200, RESULT),
    );
    expect(await claimWithSession(SESSION, 'key-1', given)).toEqual({ ok: true, result: RESULT });
    expect(requests.map((_, index) => header(index, 'Idempotency-Key'))).toEqual(['key-1', 'key-1', 'key-1']);
    expect(waits).toEqual([CLAIM_RETRY_DELAYS_MS[0], 2000]);
  });

  it('gives up after its retries: no answer is a network error, a 429 the last answer, both transient', async () => {
    const down = transport(...Array.from({ length: 4 }, () => new TypeError('Failed to fetch')));
    expect(await claimWithSession(SESSION, 'key-1', down.given)).toMatchObject({
      ok: false,
      status: 0,
      code: 'network_error',
      transient: true,
    });
    expect(down.requests).toHaveLength(CLAIM_RETRY_DELAYS_MS.length + 1);
    expect(down.waits).toEqual([...CLAIM_RETRY_DELAYS_MS]);

    const limited = transport(
      ...Array.from({ length: 4 }, () =>
        json(429, { code: 'rate_limited', message: 'Slow down.' }, { 'Retry-After': '600' }),
      ),
    );
    expect(await claimWithSession(SESSION, 'key-1', limited.given)).toMatchObject({
      ok: false,
      status: 429,
      code: 'rate_limited',
      message: 'Slow down.',
      transient: true,
    });
    // A Retry-After longer than a player waits at a button is cut short.
    expect(limited.waits).toEqual([8000, 8000, 8000]);
  });

  it('takes a 401 as final, and names a status whose body says nothing', async () => {
    const refused = transport(json(401, { code: 'invalid_token', message: 'This token is not valid here.' }));
    expect(await claimWithSession(SESSION, 'key-1', refused.given)).toEqual({
      ok: false,
      status: 401,
      code: 'invalid_token',
      message: 'This token is not valid here.',
      transient: false,
    });
    expect(refused.requests).toHaveLength(1);
    const bare = transport(new Response('oops', { status: 500 }));
    expect(await claimWithSession(SESSION, 'key-1', bare.given)).toEqual({
      ok: false,
      status: 500,
      code: 'http_500',
      message: 'The claim failed: http_500.',
      transient: true,
    });
  });

  it('refuses a 200 whose body is not a claim result', async () => {
    const { given } = transport(json(200, { day: 3 }));
    expect(await claimWithSession(SESSION, 'key-1', given)).toMatchObject({
      ok: false,
      status: 200,
      code: 'invalid_response',
      transient: false,
    });
  });

  it('counts a try that outlasts its timeout as a network failure', async () => {
    let aborted = 0;
    const given: ClaimTransport = {
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => {
            aborted += 1;
            reject(new DOMException('aborted', 'AbortError'));
          }),
        ),
      sleep: () => Promise.resolve(),
      timeoutMs: 1,
    };
    expect(await claimWithSession(SESSION, 'key-1', given)).toMatchObject({ code: 'network_error', transient: true });
    expect(aborted).toBe(CLAIM_RETRY_DELAYS_MS.length + 1);
  });
});

describe('randomKey', () => {
  it('is 128 random bits as hex, new each time', () => {
    const keys = new Set(Array.from({ length: 50 }, randomKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});
