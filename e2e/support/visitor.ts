import { verificationLink, type SmtpTestServer } from '@liveops/testing/smtp';
import { PASSWORD, uniqueEmail } from './pages';

export type VisitorAnswer = { status: number; headers: Headers; body: unknown };

/**
 * One API client without a browser: a cookie jar over fetch, sending `origin` as the dashboard does, plus any
 * extra headers a test forges (such as X-Forwarded-For).
 */
export class Visitor {
  private cookies = new Map<string, string>();
  constructor(public origin: string) {}

  async send(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<VisitorAnswer> {
    const sent: Record<string, string> = { origin: this.origin, cookie: this.cookieHeader(), ...headers };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      sent['content-type'] = 'application/json';
    }
    const response = await fetch(new URL(url, this.origin), {
      method,
      headers: sent,
      body: payload,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: the text as it came.
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** A new, verified and signed-in account at `origin`, made through the API with its emailed link. */
export async function signedUpVisitor(origin: string, smtp: SmtpTestServer, prefix: string) {
  const visitor = new Visitor(origin);
  const email = uniqueEmail(prefix);
  const signUp = await visitor.send('POST', '/api/auth/sign-up/email', { email, password: PASSWORD });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}: ${JSON.stringify(signUp.body)}`);
  const link = verificationLink(await smtp.waitForMail(email)).replace('/verified?', '/api/auth/verify-email?');
  const verified = await visitor.send('GET', link);
  if (verified.status !== 200) throw new Error(`verification answered ${verified.status}`);
  return { visitor, email };
}
