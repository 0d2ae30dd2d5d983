/**
 * How long the gateway waits for a client to send its request, in one place for the service
 * (main.ts) and every test or benchmark gateway (testing/gateway.ts). Without them Node waits 60 s
 * for headers and 300 s for a whole request, checked only every 30 s: a client that declares a
 * body and never sends it held a connection (and, before the declared-length check, its answer)
 * for minutes.
 *
 * None of them limits how long an answer takes: a longpoll `_changes` (a GET with no body, up to
 * 60 s of waiting) is received completely with its headers, and Node's request time-out stops
 * counting once the request has arrived (http/server-timeouts.api.test.ts checks both).
 */
import { createServer, type RequestListener, type Server } from 'node:http';

export interface ServerTimeouts {
  /** From the first byte of a request to the end of its headers. */
  headersMs: number;
  /**
   * From the first byte of a request to the end of its body: the slowest upload the gateway
   * accepts. A 10 MB `_bulk_docs` (the cap) needs about 90 KB/s; the PWA's batches are a few
   * hundred KB, its photos a few MB.
   */
  requestMs: number;
  /** A body that stops arriving for this long is answered 408 (http/bounded-body.ts). */
  bodyIdleMs: number;
  /** How often Node looks for requests past their time (its default, 30 s, made 20 s mean 50). */
  checkEveryMs: number;
  /**
   * Open connections one address may hold at once; one more is closed as it opens. Idle and slow
   * sockets need no account, so without it one address could hold thousands. A tablet keeps about
   * six; an office behind one address, a few dozen tablets. Behind a balancer (TRUST_PROXY) every
   * connection comes from it, so the balancer caps per client instead (main.ts passes Infinity).
   */
  connectionsPerAddress: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 20_000,
  requestMs: 120_000,
  bodyIdleMs: 30_000,
  checkEveryMs: 1_000,
  connectionsPerAddress: 256,
};

/** The gateway's HTTP server, with its time-outs; `overrides` lets a test shorten them. */
export function createGatewayServer(app: RequestListener, overrides: Partial<ServerTimeouts> = {}): Server {
  const t = { ...SERVER_TIMEOUTS, ...overrides };
  const server = createServer(
    {
      headersTimeout: t.headersMs,
      requestTimeout: t.requestMs,
      connectionsCheckingInterval: t.checkEveryMs,
    },
    app,
  );
  if (Number.isFinite(t.connectionsPerAddress)) capPerAddress(server, t.connectionsPerAddress);
  return server;
}

/** Closes a connection as it opens when its address already holds `max`. */
function capPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const n = (open.get(address) ?? 0) + 1;
    if (n > max) {
      socket.destroy();
      return;
    }
    open.set(address, n);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
