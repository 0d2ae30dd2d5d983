import type { Server } from 'node:http';

/** How long requests already under way may take to finish when the gateway stops. */
export const STOP_GRACE_MS = 5_000;

/**
 * Stops taking connections and lets the requests under way finish before their sockets close; only
 * what is still running after the grace period is cut. A socket cut between an answer's headers and
 * its body leaves some HTTP clients (node-fetch, used by PouchDB in Node) waiting forever, and a
 * `_bulk_docs` cut halfway would be written against a store that is closing.
 *
 * Keep-alive sockets become idle one by one as their answers finish: they are closed as they do.
 */
export async function stopServing(server: Server, graceMs = STOP_GRACE_MS): Promise<void> {
  if (!server.listening) {
    server.closeAllConnections();
    return;
  }
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const idle = setInterval(() => server.closeIdleConnections(), 25);
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  try {
    await closed;
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
}
