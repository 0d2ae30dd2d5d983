import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import type { HttpClient } from '../testing/gateway';
import { heldRequest, type HeldRequest } from '../testing/held-request';
import { eventually } from '../testing/pouch-client';
import { REST_AT_ONCE_PER_PERSON, REST_QUEUED_PER_PERSON } from './limits';
import { REST_BUSY, turnsOf } from './person-slots';

/**
 * A fair share of every route (issue 33 item 4): a person's REST requests (lists, PDFs, photos)
 * take turns like their heavy replication requests, so one asesor flooding from many connections
 * waits behind themself while another person, and their own `check-auth`, are served at once; a
 * freed turn goes to the session running fewest, so a second session cannot starve the first.
 */
const gw = gatewayForFile();
let flooderId: string;
let a: HttpClient, b: HttpClient, other: HttpClient;
const held: HeldRequest[] = [];

beforeAll(async () => {
  const flooder = await gw.createUser({ role: 'asesor' });
  flooderId = flooder.id;
  a = await gw.client().signIn(flooder.email, flooder.password);
  b = await gw.client().signIn(flooder.email, flooder.password);
  const o = await gw.createUser({ role: 'asesor' });
  other = await gw.client().signIn(o.email, o.password);
});

afterEach(async () => {
  for (const h of held.splice(0)) h.drop();
  await eventually(() => turnsOf(flooderId).running + turnsOf(flooderId).waiting === 0, 'los turnos vuelven al soltar las conexiones');
});

/** A REST write whose body never finishes arriving: once it has a turn, it keeps it until it goes. */
function hold(client: HttpClient): HeldRequest {
  const h = heldRequest(gw.url, 'POST', '/api/captaciones', { cookie: client.cookie, 'content-type': 'application/json', 'content-length': '1000', origin: gw.url }, '{"propietario":');
  held.push(h);
  return h;
}

/** A list request written by hand, answered once it has a turn. */
function list(client: HttpClient): HeldRequest {
  const h = heldRequest(gw.url, 'GET', '/api/captaciones', { cookie: client.cookie }, '');
  held.push(h);
  return h;
}

describe('REST requests take turns per person', () => {
  it(`runs ${REST_AT_ONCE_PER_PERSON} at once and queues the next, while another person and their own check-auth are served`, async () => {
    const running = Array.from({ length: REST_AT_ONCE_PER_PERSON }, () => hold(a));
    await eventually(() => turnsOf(flooderId).running === REST_AT_ONCE_PER_PERSON, 'las peticiones retenidas toman los turnos');
    const queued = list(a);
    await eventually(() => turnsOf(flooderId).waiting === 1, 'la lista espera su turno');
    expect((await other.json('GET', '/api/captaciones')).status).toBe(200);
    expect((await a.json('GET', '/api/check-auth')).status).toBe(200);
    expect(queued.settled()).toBe(false);
    running[0].drop();
    expect((await queued.answer)?.status).toBe(200);
  });

  it('answers 429 in Spanish past the queue', async () => {
    for (let i = 0; i < REST_AT_ONCE_PER_PERSON; i++) hold(a);
    await eventually(() => turnsOf(flooderId).running === REST_AT_ONCE_PER_PERSON, 'turnos tomados');
    for (let i = 0; i < REST_QUEUED_PER_PERSON; i++) list(a);
    await eventually(() => turnsOf(flooderId).waiting === REST_QUEUED_PER_PERSON, 'la cola se llena');
    const refused = await a.json('GET', '/api/captaciones');
    expect(refused).toMatchObject({ status: 429, body: { mensaje: REST_BUSY } });
  });

  it('gives a freed turn to the session running fewest: a second session cannot starve the first', async () => {
    // Session A holds every turn and queues three more; then session B asks once.
    const running = Array.from({ length: REST_AT_ONCE_PER_PERSON }, () => hold(a));
    await eventually(() => turnsOf(flooderId).running === REST_AT_ONCE_PER_PERSON, 'turnos tomados');
    const queuedA = [list(a), list(a), list(a)];
    await eventually(() => turnsOf(flooderId).waiting === 3, 'las de A esperan');
    const fromB = list(b);
    await eventually(() => turnsOf(flooderId).waiting === 4, 'la de B espera');
    const order: string[] = [];
    void fromB.answer.then(() => order.push('B'));
    for (const q of queuedA) void q.answer.then(() => order.push('A'));
    // One turn is freed: B waited least but runs nothing, so it is B's.
    running[0].drop();
    expect((await fromB.answer)?.status).toBe(200);
    for (const r of running.slice(1)) r.drop();
    await Promise.all(queuedA.map((q) => q.answer));
    expect(order).toEqual(['B', 'A', 'A', 'A']);
  });
});
