/**
 * The address a verification link is for, read from its token (a JWT whose payload names the email) without
 * redeeming it, so the page can ask before it signs anyone in (decision 032). The signature is the server's to
 * check: a token that is not a JWT with an email is null here and refused there.
 */
export function emailOfVerificationToken(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload || token.split('.').length !== 3) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
    const { email } = JSON.parse(new TextDecoder().decode(bytes)) as { email?: unknown };
    return typeof email === 'string' && email.includes('@') ? email : null;
  } catch {
    return null;
  }
}
