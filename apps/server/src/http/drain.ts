import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';

export type RequestTracker = {
  /** Requests being answered now (open event streams are not counted: they never finish by themselves). */
  inFlight: () => number;
  /** `METHOD path (age)` of each request in flight, for the log of a drain that had to cut them. */
  describeInFlight: () => string[];
  /**
   * Stops accepting connections and waits, at most `timeoutMs`, until no request is in flight. Connections
   * already open stay open and are still served (a proxy may have sent a request on one just now), but every
   * answer from now on says `Connection: close`. True when nothing was left in flight.
   */
  drain: (timeoutMs: number) => Promise<boolean>;
  /** Connections open now, idle kept-alive ones included. */
  openConnections: () => number;
  /**
   * Waits, at most `timeoutMs`, until every connection has been closed by its client. Behind a proxy, closing an idle
   * kept-alive connection from this side can meet a request the proxy is sending on it (a POST it then answers 502
   * and never resends); a proxy closing its own idle connection never does. True when none was left open.
   */
  connectionsClosed: (timeoutMs: number) => Promise<boolean>;
};

/** True once one of `waiters` is called (the caller calls them all when what it waits for happens), false after `timeoutMs`. */
function wokenWithin(waiters: Set<() => void>, timeoutMs: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const done = (woken: boolean) => {
      clearTimeout(timer);
      waiters.delete(wake);
      resolve(woken);
    };
    const wake = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    waiters.add(wake);
  });
}

/** Follows an HTTP server's requests so that a stop can let them finish first (decision 025). */
export function trackRequests(server: Server, isStream: (request: IncomingMessage) => boolean): RequestTracker {
  const active = new Map<ServerResponse, { name: string; since: number }>();
  const idleWaiters = new Set<() => void>();
  const sockets = new Set<net.Socket>();
  const closedWaiters = new Set<() => void>();
  let draining = false;

  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0) for (const wake of closedWaiters) wake();
    });
  });

  // First among the request's listeners, so an answer the app writes at once also says Connection: close.
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    if (draining) response.shouldKeepAlive = false;
    if (isStream(request)) return;
    active.set(response, { name: `${request.method ?? '?'} ${(request.url ?? '').split('?')[0]}`, since: Date.now() });
    // The connection closing ends a request too: no answer can reach the client any more. Node emits 'close' on
    // an answer when its connection closes only once the answer owns the connection; one queued behind an
    // earlier answer on it (a request sent before that answer was complete) never gets one.
    const socket = request.socket;
    const done = () => {
      response.off('close', done);
      socket.off('close', done);
      if (!active.delete(response)) return;
      if (active.size === 0) for (const wake of idleWaiters) wake();
    };
    response.once('close', done);
    if (socket.closed) done();
    else socket.once('close', done);
  });

  return {
    inFlight: () => active.size,
    openConnections: () => sockets.size,
    connectionsClosed: async (timeoutMs) => {
      if (sockets.size === 0) return true;
      return wokenWithin(closedWaiters, timeoutMs);
    },
    describeInFlight: () => [...active.values()].map(({ name, since }) => `${name} (${Date.now() - since} ms)`),
    drain: async (timeoutMs) => {
      if (!draining) {
        draining = true;
        // net.Server's close, not http.Server's: that one also drops idle keep-alive connections at once, and a
        // proxy that picked one of them for its next request at that moment would answer that request 502.
        if (server.listening) net.Server.prototype.close.call(server);
        for (const response of active.keys()) if (!response.headersSent) response.shouldKeepAlive = false;
      }
      if (active.size === 0) return true;
      return wokenWithin(idleWaiters, timeoutMs);
    },
  };
}
