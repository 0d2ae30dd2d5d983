import { describe, expect, it, vi } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { stampCaptacion } from '../../../couch-design/captacion/stamp';
import { deployDesignDocs } from '../store/deploy';
import { FRESH_FOR_MS } from '../store/follower';
import { cuttableGatewayFor, gatewayForFile } from '../testing/per-file';
import { startGateway, type HttpClient, type TestGateway } from '../testing/gateway';
import { eventually, localDb, remoteDb } from '../testing/pouch-client';
import { sameDatabases, testPrefix, testStore } from '../testing/store';

/**
 * Two gateway processes on one database, as behind a load balancer: in `npm run test:couchdb`
 * each with its own connection to the same CouchDB databases; in `npm test` on one shared embedded
 * store (a LevelDB folder admits one process). Whatever a person does through one is seen through
 * the other: sessions, captaciones written by REST or by replication, and the end of a deleted or
 * demoted person's rights.
 */
/** Two gateways on the same databases. */
const a = gatewayForFile();
const b = gatewayForFile(() => ({ joining: a }));

interface Person { id: string; email: string; nombre: string; onA: HttpClient; onB: HttpClient }

let n = 0;
/** Someone who signed in through gateway A, and the same session (cookie) sent to gateway B. */
async function person(role: string): Promise<Person> {
  n++;
  const u = await a.createUser({ role, prim_nom: 'Persona', apell_pa: 'Compartida', apell_ma: `Número${n}` });
  const onA = await a.client().signIn(u.email, u.password);
  const onB = b.client();
  onB.cookie = onA.cookie;
  return { id: u.id, email: u.email, nombre: `Persona Compartida Número${n}`, onA, onB };
}

/** What a client posts: a valid record without id, adviser or stamps. */
function payload(): Record<string, unknown> {
  const { _id: _omit, ...body } = sampleCaptacion() as ReturnType<typeof sampleCaptacion> & { _id?: string };
  return body;
}

const listed = async (c: HttpClient): Promise<string[]> => {
  const r = await c.json('GET', '/api/captaciones?limit=100');
  expect(r.status).toBe(200);
  return r.body.captaciones.map((x: { _id: string }) => x._id);
};

/** Polls until `check` holds and answers how long it took; fails past `withinMs`. */
async function within(withinMs: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const t0 = Date.now();
  await eventually(check, what, withinMs);
  return Date.now() - t0;
}

describe('two gateways on one store', () => {
  it('run on the same databases', () => {
    expect(b.store.kind).toBe(a.store.kind);
    expect(b.config.dbPrefix).toBe(a.config.dbPrefix);
    expect(b.url).not.toBe(a.url);
  });

  it('a session made on one works on the other, and a sign-out on the other ends it on both', async () => {
    const p = await person('asesor');
    const there = await p.onB.json('GET', '/api/check-auth');
    expect(there.status).toBe(200);
    expect(there.body.authenticated).toBe(true);
    expect(there.body.user.id).toBe(p.id);
    expect((await p.onB.json('GET', '/api/captaciones?limit=1')).status).toBe(200);

    expect((await p.onB.json('POST', '/api/logout')).status).toBe(200);
    const replay = a.client();
    replay.cookie = p.onA.cookie;
    expect((await replay.json('GET', '/api/check-auth')).body.authenticated).toBe(false);
    expect((await replay.json('GET', '/api/captaciones?limit=1')).status).toBe(401);
  });

  it('a captación written through one is in the other’s list at once and reaches a device replicating through the other', async () => {
    const asesor = await person('asesor');
    const local = localDb();
    const rep = local.replicate.from(remoteDb(b.url, 'captaciones', asesor.onB.cookie), { live: true, retry: true });
    try {
      await new Promise((resolve) => rep.once('paused', resolve));
      expect(await listed(asesor.onB)).toEqual(expect.any(Array));
      const setBefore = (await asesor.onB.json('GET', '/db/')).body.set as string;

      const created = await asesor.onA.json('POST', '/api/captaciones', payload());
      expect(created.status).toBe(201);
      const id: string = created.body.captacion._id;

      expect(await listed(asesor.onB)).toContain(id);
      const got = await asesor.onB.json('GET', `/api/captaciones/${id}`);
      expect(got.status).toBe(200);
      expect(got.body.captacion._rev).toBe(created.body.captacion._rev);

      // A new captación of theirs grows their device set (issue 34): B's welcome says so, and the
      // device starts its replication again under the new identity (as the PWA's engine does).
      await within(10_000, 'el conjunto del dispositivo cambia', async () => (await asesor.onB.json('GET', '/db/')).body.set !== setBefore);
      await local.replicate.from(remoteDb(b.url, 'captaciones', asesor.onB.cookie));
      expect((await local.get(id))._rev).toBe(created.body.captacion._rev);
    } finally {
      rep.cancel();
    }
  });

  it('a captación a device pushes through one is in the other’s list', async () => {
    const asesor = await person('user');
    const local = localDb();
    const doc = stampCaptacion({ ...sampleCaptacion({ captacion: { asesor: asesor.id } }), _id: `empujada-${asesor.id}` }, null, { nombre: asesor.nombre, email: asesor.email }, new Date().toISOString());
    await local.put(doc);
    const pushed = await local.replicate.to(remoteDb(b.url, 'captaciones', asesor.onB.cookie));
    expect(pushed.docs_written).toBe(1);
    expect(await listed(asesor.onA)).toContain(doc._id);
  });

  it('deleting a person through one ends their session on the other within a second', async () => {
    const admin = await person('administrator');
    const victim = await person('asesor');
    // Gateway B has just served them: whatever it keeps of them is warm.
    expect((await victim.onB.json('GET', '/api/captaciones?limit=1')).status).toBe(200);
    expect((await victim.onB.json('GET', '/db/captaciones')).status).toBe(200);

    expect((await admin.onA.json('DELETE', `/api/users/${victim.id}`)).status).toBe(200);
    await within(1_000, 'la sesión de la persona borrada termina en la otra pasarela', async () => (await victim.onB.json('GET', '/api/captaciones?limit=1')).status === 401);
    expect((await victim.onB.json('GET', '/db/captaciones')).status).toBe(401);
    expect((await victim.onB.json('GET', '/api/check-auth')).body.authenticated).toBe(false);
  });

  it('demoting an admin through one takes their admin rights away on the other within a second', async () => {
    const admin = await person('administrator');
    const demoted = await person('administrador');
    expect((await demoted.onB.json('GET', '/api/users')).status).toBe(200);

    expect((await admin.onA.json('PUT', `/api/users/${demoted.id}`, { role: 'user' })).status).toBe(200);
    await within(1_000, 'el rol nuevo rige en la otra pasarela', async () => (await demoted.onB.json('GET', '/api/users')).status === 403);
    expect((await demoted.onB.json('GET', '/api/check-auth')).body.user.role).toBe('user');
  });
});

describe('a gateway whose sessions feed goes silent', () => {
  const cut = cuttableGatewayFor(a);
  const c = cut.gateway;

  it('refuses, within a few seconds, a session signed out on the other gateway, and keeps serving the others', async () => {
    const u = await a.createUser({ role: 'asesor' });
    const onA = await a.client().signIn(u.email, u.password);
    const onC = c.client();
    onC.cookie = onA.cookie;
    // Gateway C has read the session: it is in its memory.
    expect((await onC.json('GET', '/api/check-auth')).body.authenticated).toBe(true);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // C's store answers every call but the `sesiones` feed, which answers nothing at all.
      cut.store.silence('sesiones', 'changes');
      expect((await onA.json('POST', '/api/logout')).status).toBe(200);
      const took = await within(FRESH_FOR_MS + 10_000, 'la sesión cerrada en A deja de valer en C', async () => (await onC.json('GET', '/api/check-auth')).body.authenticated === false);
      console.info(`sesión cerrada en otra pasarela rechazada tras ${took} ms con el seguimiento callado`);
      expect((await onC.json('GET', '/api/captaciones?limit=1')).status).toBe(401);

      // Someone else still signs in through A and is served by C meanwhile (from the store itself).
      const other = await a.createUser({ role: 'asesor' });
      const otherOnC = c.client();
      otherOnC.cookie = (await a.client().signIn(other.email, other.password)).cookie;
      expect((await otherOnC.json('GET', '/api/check-auth')).body.authenticated).toBe(true);
      expect((await otherOnC.json('GET', '/api/captaciones?limit=1')).status).toBe(200);
      await eventually(() => logged.mock.calls.some((call) => String(call[0]).includes('Se perdió el seguimiento de cambios')), 'C dice que perdió el seguimiento', 30_000);
    } finally {
      cut.store.reconnect();
      logged.mockRestore();
    }
  });
});

describe('two gateways starting together on a new store', () => {
  /** Two gateway processes started at the same moment on a fresh store (its databases deployed first when `deployed`). */
  async function pair(deployed: boolean): Promise<{ x: TestGateway; y: TestGateway; close(): Promise<void> }> {
    const dbPrefix = testPrefix();
    const store = await testStore(dbPrefix);
    if (deployed) await deployDesignDocs(store);
    const started = await Promise.allSettled([
      startGateway({ store, dbPrefix, sessionSecret: '' }),
      startGateway({ store: sameDatabases(store), dbPrefix, sessionSecret: '' }),
    ]);
    const close = async (): Promise<void> => {
      await Promise.all(started.flatMap((s) => (s.status === 'fulfilled' ? [s.value.close()] : [])));
      await store.close();
    };
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) {
      await close();
      throw failed.reason;
    }
    const [x, y] = started.map((s) => (s as PromiseFulfilledResult<TestGateway>).value);
    return { x, y, close };
  }

  it('both start, deploying the design documents at the same moment', async () => {
    for (let i = 0; i < 3; i++) await (await pair(false)).close();
  });

  it('agree on one session secret when none is configured', async () => {
    const { x, y, close } = await pair(true);
    try {
      const u = await x.createUser({ role: 'asesor' });
      const onX = await x.client().signIn(u.email, u.password);
      const onY = y.client();
      onY.cookie = onX.cookie;
      expect((await onY.json('GET', '/api/check-auth')).body.authenticated).toBe(true);
    } finally {
      await close();
    }
  });

  it('give devices one replication id when both are asked at once', async () => {
    // A race: a few fresh pairs, so a gateway that writes its own id over the other's is caught.
    for (let round = 0; round < 3; round++) {
      const { x, y, close } = await pair(true);
      try {
        // Signed in on each: this is about the databases' instance ids, not the session.
        const u = await x.createUser({ role: 'asesor' });
        const [onX, onY] = await Promise.all([x.client().signIn(u.email, u.password), y.client().signIn(u.email, u.password)]);
        const uuid = async (c: HttpClient): Promise<string> => (await c.json('GET', '/db/')).body.uuid;
        const [fromX, fromY] = await Promise.all([uuid(onX), uuid(onY)]);
        expect(fromY).toBe(fromX);
      } finally {
        await close();
      }
    }
  });
});
