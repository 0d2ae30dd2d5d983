import { afterEach, describe, expect, it, vi } from 'vitest';
import { TURN_LEASE_TYPE } from '../../../couch-design/sesion/entity';
import { cuttableGatewayFor, gatewayForFile } from '../testing/per-file';
import type { HttpClient, TestGateway } from '../testing/gateway';
import { heldRequest, type HeldRequest } from '../testing/held-request';
import { eventually } from '../testing/pouch-client';
import { HEAVY_AT_ONCE_PER_PERSON, REST_AT_ONCE_PER_PERSON, REST_QUEUED_PER_PERSON } from './limits';
import { REST_BUSY, turnsOf } from './person-slots';
import { leaseId, TURN_KINDS } from './shared-turns';

/**
 * A person's turns shared by the gateways on one store (issue 33 item 4): what one person runs at
 * once through two gateways is one budget, not one per gateway; a gateway that joins gets its share
 * as the other's requests end, a gateway that stops renewing frees its share when its entry
 * lapses, and a gateway whose store is too slow for the shared count keeps its own bound.
 * Meanwhile another person's check-auth answers at once on both.
 */
/** Two gateways on the same databases. */
const a = gatewayForFile();
const b = gatewayForFile(() => ({ joining: a }));
const held: HeldRequest[] = [];

interface Person { id: string; onA: HttpClient; onB: HttpClient }
const people: string[] = [];

async function person(): Promise<Person> {
  const u = await a.createUser({ role: 'asesor' });
  const onA = await a.client().signIn(u.email, u.password);
  const onB = b.client();
  onB.cookie = onA.cookie;
  people.push(u.id);
  return { id: u.id, onA, onB };
}

afterEach(async () => {
  for (const h of held.splice(0)) h.drop();
  await eventually(() => people.every((id) => turnsOf(id).running + turnsOf(id).waiting === 0), 'los turnos vuelven al soltar las conexiones');
});

/** A REST write whose body never finishes arriving: once it has a turn, it keeps it until it goes. */
function hold(gw: TestGateway, client: HttpClient): HeldRequest {
  const h = heldRequest(gw.url, 'POST', '/api/captaciones', { cookie: client.cookie, 'content-type': 'application/json', 'content-length': '1000', origin: gw.url }, '{"propietario":');
  held.push(h);
  return h;
}

/** The most of `id`'s requests running at once on every gateway of this process, sampled until `stop`. */
function watchRunning(id: string): { most(): number; stop(): void } {
  let most = 0;
  const timer = setInterval(() => (most = Math.max(most, turnsOf(id).running)), 1);
  return { most: () => Math.max(most, turnsOf(id).running), stop: () => clearInterval(timer) };
}

async function checkAuthMs(c: HttpClient): Promise<number> {
  const t0 = performance.now();
  const r = await c.json('GET', '/api/check-auth');
  expect(r.body.authenticated).toBe(true);
  return performance.now() - t0;
}

describe('a person’s turns across two gateways', () => {
  it(`runs ${REST_AT_ONCE_PER_PERSON} at once on both together, splits them as requests end, and answers 429 in Spanish past the queue`, async () => {
    const flooder = await person();
    const other = await person();
    const running = watchRunning(flooder.id);
    try {
      const onA = Array.from({ length: REST_AT_ONCE_PER_PERSON }, () => hold(a, flooder.onA));
      await eventually(() => turnsOf(flooder.id).running === REST_AT_ONCE_PER_PERSON, 'A toma todos los turnos');
      Array.from({ length: REST_AT_ONCE_PER_PERSON }, () => hold(b, flooder.onB));
      await eventually(() => turnsOf(flooder.id).waiting === REST_AT_ONCE_PER_PERSON, 'las de B esperan: los turnos son de la persona, no de cada pasarela');
      expect(turnsOf(flooder.id).running).toBe(REST_AT_ONCE_PER_PERSON);

      // Another person is served at once on both meanwhile.
      const ms = [await checkAuthMs(other.onA), await checkAuthMs(other.onB)];
      expect((await other.onB.json('GET', '/api/captaciones?limit=1')).status).toBe(200);
      console.info(`check-auth de otra persona durante la inundación: ${ms.map((x) => x.toFixed(0)).join(' y ')} ms`);

      // Half of A's requests end: B gets the turns A gives back, its fair half.
      onA.slice(0, REST_AT_ONCE_PER_PERSON / 2).forEach((h) => h.drop());
      await eventually(() => turnsOf(flooder.id).running === REST_AT_ONCE_PER_PERSON && turnsOf(flooder.id).waiting === REST_AT_ONCE_PER_PERSON / 2, 'B recibe la mitad');

      // Past B's queue, 429 in Spanish.
      for (let i = turnsOf(flooder.id).waiting; i < REST_QUEUED_PER_PERSON; i++) hold(b, flooder.onB);
      await eventually(() => turnsOf(flooder.id).waiting === REST_QUEUED_PER_PERSON, 'la cola de B se llena');
      expect(await flooder.onB.json('GET', '/api/captaciones')).toMatchObject({ status: 429, body: { mensaje: REST_BUSY } });
      expect(running.most()).toBe(REST_AT_ONCE_PER_PERSON);
    } finally {
      running.stop();
    }
  });

  it(`shares heavy replication turns too: ${HEAVY_AT_ONCE_PER_PERSON} at once on both together`, async () => {
    const p = await person();
    const bulkGet = (gw: TestGateway, c: HttpClient): HeldRequest => {
      const h = heldRequest(gw.url, 'POST', '/db/captaciones/_bulk_get', { cookie: c.cookie, 'content-type': 'application/json', 'content-length': '1000' }, '{"docs":');
      held.push(h);
      return h;
    };
    const onA = Array.from({ length: HEAVY_AT_ONCE_PER_PERSON }, () => bulkGet(a, p.onA));
    await eventually(() => turnsOf(p.id).running === HEAVY_AT_ONCE_PER_PERSON, 'A toma los turnos pesados');
    bulkGet(b, p.onB);
    await eventually(() => turnsOf(p.id).waiting === 1, 'la de B espera');
    expect(turnsOf(p.id).running).toBe(HEAVY_AT_ONCE_PER_PERSON);
    onA[0].drop();
    await eventually(() => turnsOf(p.id).running === HEAVY_AT_ONCE_PER_PERSON && turnsOf(p.id).waiting === 0, 'B recibe el turno que A suelta');
  });

  it('frees the share of a gateway that stopped renewing once its entry lapses', async () => {
    const p = await person();
    const sesiones = await a.store.db('sesiones');
    // A gateway that died holding every turn of this person: its entry counts a few seconds more.
    const lapses = Date.now() + 3_000;
    await sesiones.put({
      _id: leaseId(TURN_LEASE_TYPE, TURN_KINDS.rest, p.id),
      type: TURN_LEASE_TYPE,
      gateways: { 'pasarela-caida': { claim: REST_AT_ONCE_PER_PERSON, wants: REST_AT_ONCE_PER_PERSON, until: lapses } },
      expires: lapses,
    });
    hold(a, p.onA);
    await eventually(() => turnsOf(p.id).running === 1, 'la petición corre cuando la entrada de la pasarela caída vence', 30_000);
    expect(Date.now()).toBeGreaterThanOrEqual(lapses);
  });
});

describe('a gateway whose store is too slow for the shared turns', () => {
  const cut = cuttableGatewayFor(a);
  const c = cut.gateway;

  it('keeps its own bound, and another person is served', async () => {
    const u = await a.createUser({ role: 'asesor' });
    const onC = await c.client().signIn(u.email, u.password);
    const o = await a.createUser({ role: 'asesor' });
    const otherOnC = await c.client().signIn(o.email, o.password);
    people.push(u.id);
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      // Writes to `sesiones` get no answer: the shared count cannot be kept.
      cut.store.silence('sesiones', 'put');
      Array.from({ length: REST_AT_ONCE_PER_PERSON + 1 }, () => hold(c, onC));
      await eventually(() => turnsOf(u.id).running === REST_AT_ONCE_PER_PERSON && turnsOf(u.id).waiting === 1, 'corren las de su propio límite', 30_000);
      await checkAuthMs(otherOnC);
      expect(warned.mock.calls.some((call) => String(call[0]).includes('turnos compartidos'))).toBe(true);
    } finally {
      cut.store.reconnect();
      warned.mockRestore();
    }
  });
});
