/**
 * A request written by hand on a socket, for tests about what the gateway does before a body has
 * arrived: the headers go at once, the body only as the test sends it (or never). The answer is
 * read as it comes, whether or not the body was finished.
 */
import { connect, type Socket } from 'node:net';

export interface HeldAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface HeldRequest {
  socket: Socket;
  /** Resolves with the answer once the gateway sends a complete one, or null if the connection ends without one. */
  answer: Promise<HeldAnswer | null>;
  /** Whether an answer (or the end of the connection) came already. */
  settled(): boolean;
  send(data: string | Uint8Array): void;
  /** Ends the connection from the client's side, as a device that goes away. */
  drop(): void;
}

function parse(raw: string): HeldAnswer | null {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(':');
    headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  let body = raw.slice(end + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    let out = '';
    for (;;) {
      const nl = body.indexOf('\r\n');
      if (nl < 0) return null;
      const size = parseInt(body.slice(0, nl), 16);
      if (size === 0) break;
      if (body.length < nl + 2 + size) return null;
      out += body.slice(nl + 2, nl + 2 + size);
      body = body.slice(nl + 4 + size);
    }
    body = out;
  } else if (headers['content-length'] !== undefined && Buffer.byteLength(body) < Number(headers['content-length'])) {
    return null;
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/** Opens `method path` on `baseUrl` with `headers`, and sends `body` (a first part of it, or nothing). */
export function heldRequest(baseUrl: string, method: string, path: string, headers: Record<string, string>, body = ''): HeldRequest {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  let raw = '';
  let done = false;
  const answer = new Promise<HeldAnswer | null>((resolve) => {
    const finish = (a: HeldAnswer | null): void => {
      if (done) return;
      done = true;
      resolve(a);
    };
    socket.on('data', (d: Buffer) => {
      raw += d.toString('utf8');
      const a = parse(raw);
      if (a) finish(a);
    });
    socket.on('close', () => finish(parse(raw)));
    socket.on('error', () => undefined);
  });
  const head = [`${method} ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
  socket.write(head + body);
  return {
    socket,
    answer,
    settled: () => done,
    send: (data) => void socket.write(data),
    drop: () => void socket.destroy(),
  };
}
