import express from 'express';
import { connect, type AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import { heldRequest } from '../testing/held-request';
import { signedIn, type Person } from '../testing/pouch-client';
import { MSG_BODY, readBodyText } from './bounded-body';
import { errorHandler } from './errors';

/**
 * Issue 18 item 3: a body over its cap is refused from its declared length, before it is sent; a
 * chunked one as soon as it passes the cap; a body or headers that stop arriving end in a
 * time-out; and none of those time-outs ever cuts a longpoll, whose request has no body.
 */
/** Short time-outs, so waiting for them is quick (the service's are in server-timeouts.ts). */
const SHORT = { headersMs: 1_000, requestMs: 1_500, checkEveryMs: 100 };
const gw = gatewayForFile({ timeouts: SHORT });
let agente: Person;

beforeAll(async () => {
  agente = await signedIn(gw, 'user');
});

const MB = 1024 * 1024;

describe('a body declared over its cap', () => {
  it('is answered 413 at once, from the headers, though only 9 bytes of 100 MB came', async () => {
    for (const [path, cookie] of [
      ['/db/captaciones/_bulk_docs', agente.cookie],
      ['/db/captaciones/_revs_diff', agente.cookie],
      ['/api/signin', ''],
    ] as const) {
      const started = Date.now();
      const h = heldRequest(gw.url, 'POST', path, { cookie, 'content-type': 'application/json', 'content-length': String(100 * MB) }, '{"docs":[');
      const a = await h.answer;
      h.drop();
      expect(a?.status, path).toBe(413);
      expect(Date.now() - started, path).toBeLessThan(1_000);
      expect(a?.headers.connection, path).toBe('close');
      const body = JSON.parse(a!.body);
      expect(body, path).toEqual(path.startsWith('/db') ? { error: 'too_large', reason: MSG_BODY.tooLarge } : { success: false, mensaje: MSG_BODY.tooLarge });
    }
  });

  it('_revs_diff of 300,000 ids (a 1 MB read body) is refused before it is parsed, in well under a second', async () => {
    const body = JSON.stringify(Object.fromEntries(Array.from({ length: 300_000 }, (_, i) => [`id-${i}`, ['1-a']])));
    const started = Date.now();
    const r = await agente.client.json('POST', '/db/captaciones/_revs_diff', body);
    expect(r.status).toBe(413);
    expect(r.body.reason).toBe(MSG_BODY.tooLarge);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a client still sending the refused body reads the whole 413 and is not reset under it (lingering close)', async () => {
    const h = heldRequest(gw.url, 'POST', '/db/captaciones/_revs_diff', { cookie: agente.cookie, 'content-type': 'application/json', 'content-length': String(8 * MB) }, 'x'.repeat(256 * 1024));
    const a = await h.answer;
    expect(a?.status).toBe(413);
    // As fetch does, the client goes on writing its body after the answer came: if the server
    // dropped the connection with those bytes unread, the client would get a reset (and could
    // lose the answer itself): PouchDB would see a network error, not the Spanish 413.
    let reset: string | undefined;
    h.socket.on('error', (e: NodeJS.ErrnoException) => (reset ??= e.code));
    for (let i = 0; i < 12; i++) {
      h.send('x'.repeat(256 * 1024));
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(reset).toBeUndefined();
    h.drop();
  });

  it('a chunked body is refused as soon as it passes the cap, while the client is still sending', async () => {
    const h = heldRequest(gw.url, 'POST', '/db/captaciones/_revs_diff', { cookie: agente.cookie, 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
    const piece = 'x'.repeat(64 * 1024);
    let sent = 0;
    while (!h.settled() && sent < 4 * MB) {
      h.send(`${piece.length.toString(16)}\r\n${piece}\r\n`);
      sent += piece.length;
      await new Promise((r) => setTimeout(r, 10));
    }
    const a = await h.answer;
    h.drop();
    expect(a?.status).toBe(413);
    expect(JSON.parse(a!.body).reason).toBe(MSG_BODY.tooLarge);
    expect(sent).toBeLessThan(4 * MB);
  });
});

describe('time-outs', () => {
  it('a request whose body stops arriving is ended by the request time-out', async () => {
    const started = Date.now();
    const h = heldRequest(gw.url, 'POST', '/db/captaciones/_bulk_get', { cookie: agente.cookie, 'content-type': 'application/json', 'content-length': '100' }, '{"docs":[');
    const a = await h.answer;
    expect(a?.status).toBe(408);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SHORT.requestMs - 100);
    expect(Date.now() - started).toBeLessThan(SHORT.requestMs + 2_000);
  });

  it('headers that never end are cut by the headers time-out', async () => {
    const { hostname, port } = new URL(gw.url);
    const started = Date.now();
    const socket = connect(Number(port), hostname);
    socket.write(`GET /api/check-auth HTTP/1.1\r\nHost: ${hostname}\r\nX-Lento: 1\r\n`);
    const closed = await new Promise<string>((resolve) => {
      let raw = '';
      socket.on('data', (d: Buffer) => (raw += d.toString()));
      socket.on('close', () => resolve(raw));
      socket.on('error', () => undefined);
    });
    expect(closed).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(SHORT.headersMs + 2_000);
  });

  it('never cuts a longpoll: a request with no body has arrived, however long its answer waits', async () => {
    const since = (await agente.client.json('GET', '/db/captaciones/_changes?since=now')).body.last_seq as string;
    const started = Date.now();
    const r = await agente.client.json('GET', `/db/captaciones/_changes?feed=longpoll&since=${encodeURIComponent(since)}&timeout=${SHORT.requestMs * 2}`);
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SHORT.requestMs * 2 - 100);
  });

  it('a body that pauses longer than the idle time is answered 408 in Spanish (bounded-body.ts)', async () => {
    const app = express();
    app.post('/db/x', (req, res, next) => {
      readBodyText(req, res, { limit: 1_000, idleMs: 300 }).then((text) => res.json({ text }), next);
    });
    app.use(errorHandler);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const slow = heldRequest(url, 'POST', '/db/x', { 'content-type': 'application/json', 'content-length': '20' }, '{"a":');
      const a = await slow.answer;
      expect(a?.status).toBe(408);
      expect(JSON.parse(a!.body)).toEqual({ error: 'request_timeout', reason: MSG_BODY.idle });
      const whole = heldRequest(url, 'POST', '/db/x', { 'content-type': 'application/json', 'content-length': '8' }, '{"a":1}\n');
      expect(JSON.parse((await whole.answer)!.body)).toEqual({ text: '{"a":1}\n' });
      whole.drop();
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
