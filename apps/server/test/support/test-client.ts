/** A small HTTP client with a cookie jar, like one browser: each instance is one visitor. */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly origin: string,
  ) {}

  async request(
    path: string,
    init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: unknown; text: string; headers: Headers }> {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', this.origin);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const response = await fetch(new URL(path, this.baseUrl), {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed, text, headers: response.headers };
  }

  post(path: string, json: unknown) {
    return this.request(path, { method: 'POST', json });
  }

  get(path: string) {
    return this.request(path);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Carries another visitor's cookies, as one browser would to a second server behind the same address. */
  useSessionOf(other: TestClient): void {
    this.cookies = new Map(other.cookies);
  }

  /** Holds a cookie the server did not set through this client, as a browser would after another tab's sign-in. */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  hasSession(): boolean {
    return [...this.cookies.keys()].some((name) => name.endsWith('session_token'));
  }
}
