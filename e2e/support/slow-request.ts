import { request } from 'node:http';
import net from 'node:net';

export type SlowRequest = {
  /** Resolves once the server has read the request's headers (it answered `100 Continue`). */
  started: Promise<void>;
  /** Sends the rest of the body. */
  finish: () => void;
  answer: Promise<{ status: number; body: string }>;
};

/**
 * A request whose body arrives in two parts, the second only when the test says so: a slow upload in flight.
 * It asks `Expect: 100-continue`, so the test knows when the server has it; the first half goes out then.
 */
export function slowRequest(url: string, method: string, body: Buffer, headers: Record<string, string>): SlowRequest {
  const half = Math.floor(body.length / 2);
  let started!: () => void;
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  let sent: ReturnType<typeof request>;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    sent = request(
      url,
      { method, headers: { ...headers, expect: '100-continue', 'content-length': String(body.length) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.on('continue', () => {
      sent.write(body.subarray(0, half));
      started();
    });
    sent.flushHeaders();
  });
  return { started: startedPromise, finish: () => sent.end(body.subarray(half)), answer };
}

/** Whether a new TCP connection to the port is refused (nothing listens there any more). */
export function refusesConnections(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** A multipart body as a browser's FormData would send it, with its content type. */
export async function multipart(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

/** A 1×1 PNG. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
