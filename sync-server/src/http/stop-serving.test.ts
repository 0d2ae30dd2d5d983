import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startGateway } from '../testing/gateway';
import { signedIn } from '../testing/pouch-client';
import { stopServing } from './stop-serving';

/** A restart (SIGTERM) lets what is under way finish: no client is left with half an answer. */
describe('stopping the gateway', () => {
  it('finishes the request under way, then refuses new connections', async () => {
    let arrived!: () => void;
    const inFlight = new Promise<void>((r) => (arrived = r));
    const server: Server = createServer((_req, res) => {
      arrived();
      setTimeout(() => res.end(JSON.stringify({ ok: true, relleno: 'x'.repeat(100_000) })), 300);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

    const answer = fetch(url).then((r) => r.json() as Promise<{ ok: boolean; relleno: string }>);
    await inFlight;
    const stopped = stopServing(server, 5_000);
    const body = await answer;
    expect(body.ok).toBe(true);
    expect(body.relleno).toHaveLength(100_000);
    await stopped;
    await expect(fetch(url)).rejects.toThrow();
  });

  it('cuts what is still running after the grace period', async () => {
    const server: Server = createServer(() => undefined);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const hung = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await stopServing(server, 200);
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(hung).rejects.toThrow();
  });

  it('answers a waiting longpoll at once, so a device asks the next gateway', async () => {
    const gw = await startGateway();
    const person = await signedIn(gw, 'user');
    const { last_seq } = (await person.client.json('GET', '/db/captaciones/_changes?since=now')).body as { last_seq: string };
    const waiting = person.client.fetch(`/db/captaciones/_changes?feed=longpoll&heartbeat=10000&since=${last_seq}`);
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    await gw.close();
    const res = await waiting;
    expect(res.status).toBe(200);
    expect(JSON.parse(await res.text())).toMatchObject({ results: [] });
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
