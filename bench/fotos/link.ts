/**
 * A field connection between a PouchDB client and the gateway, for the photos bench: an HTTP proxy
 * that forwards every request as it is (bodies untouched, compressed answers left compressed),
 * counts the bytes each way, can hold both directions to a bit rate (a 1.6 Mbit/s mobile link) and
 * can be cut: every open connection is dropped and new ones are refused until it comes back.
 * It also keeps the ids of the documents of each `_bulk_docs` the gateway answered, so the bench
 * can tell whether a document was sent twice.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Sends at most `bitsPerSecond`, one piece at a time in arrival order (a link is one queue). */
class Pace {
  private free = 0;
  constructor(private readonly bitsPerSecond: number | null) {}

  async take(bytes: number): Promise<void> {
    if (!this.bitsPerSecond) return;
    const now = performance.now();
    const start = Math.max(now, this.free);
    this.free = start + (bytes * 8 * 1000) / this.bitsPerSecond;
    const wait = this.free - now;
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
  }
}

const PIECE = 8 * 1024;

/** Copies `from` into `to` through the pace, in pieces, so a cut stops it midway as a real link would. */
async function paced(from: AsyncIterable<Buffer>, write: (b: Buffer) => void, pace: Pace, count: (n: number) => void, alive: () => boolean): Promise<void> {
  for await (const chunk of from) {
    for (let i = 0; i < chunk.length; i += PIECE) {
      const piece = chunk.subarray(i, i + PIECE);
      await pace.take(piece.length);
      if (!alive()) return;
      count(piece.length);
      write(piece);
    }
  }
}

export interface LinkCounts {
  /** Bytes from the client to the gateway (request lines, headers and bodies). */
  up: number;
  /** Bytes from the gateway to the client (status lines, headers and bodies as sent: compressed). */
  down: number;
  requests: number;
  /** Ids of the documents of every `_bulk_docs` the gateway answered, in order, repeats included. */
  bulkDocIds: string[];
  /** Requests dropped by a cut. */
  dropped: number;
}

export interface Link {
  url: string;
  counts: LinkCounts;
  /** Drops every open connection and refuses new ones for `ms`. */
  cut(ms: number): void;
  /** Called with the bytes sent up so far after each piece (to cut the link at some point of an upload). */
  onUp?: (up: number) => void;
  close(): Promise<void>;
}

/** The size of a start line and its headers as sent: 'name: value' and CRLF each, a blank line after. */
const headerBytes = (line: string, raw: string[]): number => line.length + 2 + raw.reduce((n, s) => n + s.length + 2, 0) + 2;

export async function startLink(target: string, bitsPerSecond: number | null = null): Promise<Link> {
  const upstream = new URL(target);
  const up = new Pace(bitsPerSecond);
  const down = new Pace(bitsPerSecond);
  const counts: LinkCounts = { up: 0, down: 0, requests: 0, bulkDocIds: [], dropped: 0 };
  const sockets = new Set<Socket>();
  let cutUntil = 0;
  const isCut = (): boolean => performance.now() < cutUntil;

  const server = http.createServer((req, res) => {
    counts.requests++;
    const socket = req.socket;
    const alive = () => !socket.destroyed && !isCut();
    counts.up += headerBytes(`${req.method} ${req.url} HTTP/1.1`, req.rawHeaders);
    const bulk = req.method === 'POST' && /\/_bulk_docs$/.test(req.url ?? '');
    const body: Uint8Array[] = [];
    const out = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers });
    out.on('response', (answer) => {
      // The gateway took this batch even if the answer never reaches the client (a cut just now).
      if (bulk && answer.statusCode === 201) {
        const docs = (JSON.parse(Buffer.concat(body).toString('utf8')) as { docs?: Array<{ _id?: string }> }).docs ?? [];
        counts.bulkDocIds.push(...docs.map((d) => String(d._id)));
      }
      if (!alive()) return void answer.destroy();
      counts.down += headerBytes(`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}`, answer.rawHeaders);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      paced(answer, (b) => res.write(b), down, (n) => (counts.down += n), alive)
        .then(() => (alive() ? res.end() : socket.destroy()))
        .catch(() => socket.destroy());
    });
    out.on('error', () => socket.destroy());
    paced(req, (b) => {
      if (bulk) body.push(new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
      out.write(b);
    }, up, (n) => {
      counts.up += n;
      link.onUp?.(counts.up);
    }, alive)
      .then(() => (alive() ? out.end() : (counts.dropped++, out.destroy(), socket.destroy())))
      .catch(() => out.destroy());
  });
  server.on('connection', (s: Socket) => {
    // While cut, a new connection gets nowhere, as with no signal.
    if (isCut()) return void s.destroy();
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const link: Link = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    cut(ms) {
      cutUntil = performance.now() + ms;
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return link;
}
