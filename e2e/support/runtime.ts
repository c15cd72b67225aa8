/**
 * A call to the player runtime as a game makes it: JSON, a bearer token, no cookie. `base` is the server's URL;
 * anything but 2xx throws with the status and body.
 */
export async function runtimeCall<T>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /v1${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}
