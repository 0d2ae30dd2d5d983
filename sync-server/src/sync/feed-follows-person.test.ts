import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { gatewayForFile } from '../testing/per-file';
import type { HttpClient } from '../testing/gateway';
import { ADMIN_ROLE, nominaOf, seedEmpleados, seedNominas } from '../testing/payroll';
import { seed, signedIn, type Person } from '../testing/pouch-client';

/**
 * An open `_changes` feed follows its person: a deletion, a role change, an unlink or a password
 * reset made while it waits ends it at once, and nothing written afterwards reaches it.
 */
const gw = gatewayForFile();
let admin: Person;
let n = 0;

beforeAll(async () => {
  admin = await signedIn(gw, ADMIN_ROLE);
});

async function sinceNow(client: HttpClient, db: string): Promise<string> {
  return (await client.json('GET', `/db/${db}/_changes?since=now`)).body.last_seq;
}

/** A longpoll of up to 60 s, as PouchDB's live replication waits; resolves with its status, body and duration. */
function waitingFeed(client: HttpClient, db: string, since: string) {
  const started = Date.now();
  return client
    .fetch(`/db/${db}/_changes?feed=longpoll&heartbeat=10000&include_docs=true&timeout=60000&since=${since}`)
    .then(async (res) => ({ status: res.status, text: (await res.text()).trim(), ms: Date.now() - started }));
}

async function linkedPerson(role: string): Promise<{ person: Person; empleadoId: string }> {
  const empleadoId = `emp-feed-${++n}`;
  await seedEmpleados(gw, [{ _id: empleadoId, prim_nom: 'Laura', apell_pa: 'Soto', apell_ma: 'Rey' }]);
  return { person: await signedIn(gw, role, empleadoId), empleadoId };
}

/** The change, then a payslip written after it: the open feed ends at once and never carries the payslip. */
async function endsPayrollFeed(change: (p: Person) => Promise<unknown>): Promise<{ status: number; text: string; ms: number }> {
  const { person, empleadoId } = await linkedPerson('user');
  const since = await sinceNow(person.client, 'nominas');
  const feed = waitingFeed(person.client, 'nominas', since);
  await new Promise((r) => setTimeout(r, 300));
  await change(person);
  await seedNominas(gw, [nominaOf(empleadoId, '2026-11-15', 31_000)]);
  const answer = await feed;
  expect(answer.ms).toBeLessThan(5_000);
  expect(answer.text).not.toContain('31000');
  return answer;
}

describe('an open feed follows its person', () => {
  it('ends when an admin deletes the person, and the next request is refused', async () => {
    let deleted: Person | undefined;
    const answer = await endsPayrollFeed(async (p) => {
      deleted = p;
      expect((await admin.client.json('DELETE', `/api/users/${p.id}`)).status).toBe(200);
    });
    expect(answer.status).toBe(401);
    expect((await deleted!.client.json('GET', '/db/nominas/_changes?since=0')).status).toBe(401);
  });

  it('ends when the person is unlinked from their employee', async () => {
    await endsPayrollFeed(async (p) => {
      expect((await admin.client.json('PUT', `/api/users/${p.id}/asociar-empleado`, { empleado_id: null })).status).toBe(200);
    });
  });

  it('ends when an admin sets a new password for the person (their sessions end)', async () => {
    let reset: Person | undefined;
    await endsPayrollFeed(async (p) => {
      reset = p;
      expect((await admin.client.json('PUT', `/api/users/${p.id}/password`, { password_nueva: 'Otra-clave-segura-9' })).status).toBe(200);
    });
    expect((await reset!.client.json('GET', '/db/nominas/_changes?since=0')).status).toBe(401);
  });

  it('ends when the person is demoted, and a captación written afterwards outside the new scope is not delivered', async () => {
    const asesor = await signedIn(gw, 'asesor');
    const other = await signedIn(gw, 'asesor');
    const since = await sinceNow(asesor.client, 'captaciones');
    const feed = waitingFeed(asesor.client, 'captaciones', since);
    await new Promise((r) => setTimeout(r, 300));
    expect((await admin.client.json('PUT', `/api/users/${asesor.id}`, { role: 'supervisor de obra' })).status).toBe(200);
    await seed(gw.store, 'captaciones', [{ ...sampleCaptacion({ captacion: { asesor: other.id } }), _id: 'ajena-tras-degradar' }]);
    const answer = await feed;
    expect(answer.ms).toBeLessThan(5_000);
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('ajena-tras-degradar');
  });

  it('ends when the session is ended elsewhere (as another gateway would, straight in the store)', async () => {
    const person = await signedIn(gw, 'user');
    const since = await sinceNow(person.client, 'captaciones');
    const feed = waitingFeed(person.client, 'captaciones', since);
    await new Promise((r) => setTimeout(r, 300));
    expect(await gw.gateway.sessionStore.revokeUser(person.id)).toBeGreaterThan(0);
    const answer = await feed;
    expect(answer.ms).toBeLessThan(5_000);
    expect(answer.status).toBe(401);
    expect((await person.client.json('GET', '/db/captaciones/_changes?since=0')).status).toBe(401);
  });
});
