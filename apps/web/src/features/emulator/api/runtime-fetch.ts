/** A refusal of the player runtime: its status, its lower-case code and its sentence (decision 034). */
export class RuntimeCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'RuntimeCallError';
  }
}

/**
 * A call to the player runtime (/v1) as a game makes it: JSON, a bearer token once signed in, and no cookie (the
 * runtime reads none; a game has none). The runtime is this server, at the dashboard's own origin.
 */
export async function runtimeFetch(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; token?: string; signal?: AbortSignal } = {},
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let response: Response;
  try {
    response = await fetch(`/v1${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'omit',
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new RuntimeCallError(0, 'network_error', 'Could not reach the player runtime. Check your connection.');
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const { code, message } = (data ?? {}) as { code?: unknown; message?: unknown };
    throw new RuntimeCallError(
      response.status,
      typeof code === 'string' ? code : undefined,
      typeof message === 'string' && message ? message : `The player runtime answered ${response.status}.`,
    );
  }
  return data;
}
