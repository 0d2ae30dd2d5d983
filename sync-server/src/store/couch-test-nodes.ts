/**
 * Tests only: real HTTP servers on 127.0.0.1 standing for the nodes of a CouchDB cluster, to see
 * where the couchdb adapter sends each call when a node is down, resets, hangs or says "nodedown".
 *  - `downNode()`: a port nobody listens on (connection refused);
 *  - `fakeNode(answer)`: a node that answers each request as told, or resets or holds it;
 *  - `proxyNode(target)`: a node in front of a real CouchDB, that can be down or say "nodedown".
 */
import http from 'node:http';
import net from 'node:net';

export interface SeenRequest {
  method: string;
  /** Path and query, e.g. `/x_captaciones/_changes?since=1&feed=longpoll`. */
  url: string;
  body: string;
}

/**
 * What a fake node does with a request: answer it; `reset`: drop the connection once it was read;
 * `hang`: hold it; `open`: send 200 and its headers, then hold it (CouchDB's longpoll);
 * `cut`: send 200 and half a JSON body, then drop the connection.
 */
export type Behaviour = { status: number; body: unknown } | 'reset' | 'hang' | 'open' | 'cut';

export interface FakeNode {
  /** With credentials, as in COUCHDB_URL. */
  url: string;
  port: number;
  seen: SeenRequest[];
  /** TCP connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

export const CREDENTIALS = 'admin:secreto-de-nodo';

/** A port that was free a moment ago and has nobody listening: connecting to it is refused. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export async function downNode(): Promise<{ url: string; port: number }> {
  const port = await freePort();
  return { url: `http://${CREDENTIALS}@127.0.0.1:${port}`, port };
}

function listen(server: net.Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
  });
}

function closer(server: http.Server, sockets: Set<net.Socket>): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

export async function fakeNode(answer: (req: SeenRequest) => Behaviour, port = 0): Promise<FakeNode> {
  const seen: SeenRequest[] = [];
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Uint8Array[] = [];
    req.on('data', (c: Uint8Array) => chunks.push(c));
    req.on('end', () => {
      const r: SeenRequest = { method: req.method ?? 'GET', url: req.url ?? '/', body: Buffer.concat(chunks).toString('utf8') };
      seen.push(r);
      const b = answer(r);
      if (b === 'reset') {
        req.socket.destroy();
        return;
      }
      if (b === 'hang') return;
      if (b === 'open' || b === 'cut') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.flushHeaders();
        if (b === 'cut') res.write('{"results":[', () => req.socket.destroy());
        return;
      }
      res.writeHead(b.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(b.body));
    });
  });
  server.on('connection', (s) => {
    connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const p = await listen(server, port);
  return { url: `http://${CREDENTIALS}@127.0.0.1:${p}`, port: p, seen, connections: () => connections, close: closer(server, sockets) };
}

export interface ProxyNode {
  /** The proxy's URL with the target's credentials. */
  url: string;
  port: number;
  /** `forward` to the real CouchDB; `nodedown`: answer every request 412 nodedown, as a cluster node may. */
  mode: 'forward' | 'nodedown';
  /** Starts listening (again) on its port: the node comes up. */
  start(): Promise<void>;
  /** Stops listening and drops every connection: the node goes down. */
  stop(): Promise<void>;
}

/** A node in front of the real CouchDB at `target`, created down: call start(). */
export async function proxyNode(target: string): Promise<ProxyNode> {
  const t = new URL(target);
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: http.Server | undefined;
  const node: ProxyNode = {
    url: `${t.protocol}//${t.username}:${t.password}@127.0.0.1:${port}`,
    port,
    mode: 'forward',
    async start() {
      if (server) return;
      server = http.createServer((req, res) => {
        if (node.mode === 'nodedown') {
          req.resume();
          res.writeHead(412, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'nodedown', reason: 'node2@127.0.0.1' }));
          return;
        }
        const up = http.request({ host: t.hostname, port: t.port || 80, method: req.method, path: req.url, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        up.on('error', () => res.destroy());
        req.pipe(up);
      });
      server.on('connection', (s) => {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
      });
      await listen(server, port);
    },
    async stop() {
      const s = server;
      server = undefined;
      if (s) await closer(s, sockets)();
    },
  };
  return node;
}
