/**
 * Payslips reach devices through `/db/nominas` (docs/architecture.md sections 4 and 6): a real PouchDB client per
 * person receives the payslips of their own linked employee and nobody else's, live while online,
 * edits and deletions included; no device writes payroll through replication.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import { ADMIN_ROLE, seedEmpleados, signedIn, storedNominaIds, type Signed } from '../testing/payroll';
import { eventually, ids, localDb, pullInto, remoteDb } from '../testing/pouch-client';

const gw = gatewayForFile();
let admin: Signed, maria: Signed, jorge: Signed, sinEmpleado: Signed;
const created: Record<string, string[]> = { 'emp-maria': [], 'emp-jorge': [] };

const person = (s: Signed) => ({ cookie: s.client.cookie });

async function create(empleadoId: string, fecha: string, salario: number): Promise<string> {
  const r = await admin.client.json('POST', `/api/CrearNomina/${empleadoId}`, { conceptoDePago: `Quincena al ${fecha}`, salario, fecha });
  if (r.status !== 201) throw new Error(`No se creó la nómina: ${JSON.stringify(r.body)}`);
  return r.body.nomina._id;
}

beforeAll(async () => {
  await seedEmpleados(gw, [
    { _id: 'emp-maria', prim_nom: 'María', apell_pa: 'López', apell_ma: 'Sánchez' },
    { _id: 'emp-jorge', prim_nom: 'Jorge', apell_pa: 'Hernández', apell_ma: 'Vega' },
    { _id: 'emp-admin', prim_nom: 'Alejandra', apell_pa: 'Ramírez', apell_ma: 'Ortega' },
  ]);
  admin = await signedIn(gw, ADMIN_ROLE, 'emp-admin');
  maria = await signedIn(gw, 'user', 'emp-maria');
  jorge = await signedIn(gw, 'supervisor de obra', 'emp-jorge');
  sinEmpleado = await signedIn(gw, 'asesor');
  for (const [fecha, salario] of [['2026-09-15', 9000], ['2026-09-30', 9100], ['2026-10-15', 9200]] as const) {
    created['emp-maria'].push(await create('emp-maria', fecha, salario));
    created['emp-jorge'].push(await create('emp-jorge', fecha, salario / 2));
  }
});

describe('/db/nominas through a real PouchDB client', () => {
  it("gives each person the payslips of their own employee and none of anyone else's", async () => {
    expect(await ids(await pullInto(gw, person(maria), 'nominas'))).toEqual([...created['emp-maria']].sort());
    expect(await ids(await pullInto(gw, person(jorge), 'nominas'))).toEqual([...created['emp-jorge']].sort());
    expect(await ids(await pullInto(gw, person(sinEmpleado), 'nominas'))).toEqual([]);
    // Admins write everyone's payroll over REST but keep only their own on their device.
    expect(await ids(await pullInto(gw, person(admin), 'nominas'))).toEqual([]);
  });

  it("never hands a device another person's payslip, asked for by id", async () => {
    const foreign = created['emp-jorge'][0];
    const remote = remoteDb(gw.url, 'nominas', maria.client.cookie);
    await expect(remote.get(foreign)).rejects.toMatchObject({ status: 404 });
    const local = await pullInto(gw, person(maria), 'nominas', localDb(), { doc_ids: [foreign, created['emp-maria'][0]] });
    expect(await ids(local)).toEqual([created['emp-maria'][0]]);
  });

  it("brings an admin's create, edit and delete to the owner's device live, and nothing to anyone else's", async () => {
    const mine = localDb();
    const theirs = localDb();
    const live = [
      mine.replicate.from(remoteDb(gw.url, 'nominas', maria.client.cookie), { live: true, retry: true }),
      theirs.replicate.from(remoteDb(gw.url, 'nominas', jorge.client.cookie), { live: true, retry: true }),
    ];
    try {
      await eventually(async () => (await mine.info()).doc_count === 3 && (await theirs.info()).doc_count === 3, 'réplica inicial');

      const id = await create('emp-maria', '2026-10-31', 9300);
      await eventually(async () => (await mine.get(id).catch(() => null))?.salario === 9300, 'nómina nueva en el dispositivo');

      const edited = await admin.client.json('PUT', `/api/nominas/${id}`, { conceptoDePago: 'Corregida', salario: 9350.75, fecha: '31/10/2026' });
      expect(edited.status).toBe(200);
      await eventually(async () => (await mine.get(id).catch(() => null))?.salario === 9350.75, 'edición en el dispositivo');

      expect((await admin.client.json('DELETE', `/api/nominas-api/${id}`)).status).toBe(200);
      await eventually(async () => (await mine.get(id).catch(() => null)) === null, 'borrado en el dispositivo');

      expect(await ids(theirs)).toEqual([...created['emp-jorge']].sort());
    } finally {
      for (const r of live) r.cancel();
    }
  });

  it('refuses every pushed payslip, admins included, and stores nothing', async () => {
    let before: string[] = [];
    await eventually(async () => {
      before = await storedNominaIds(gw);
      return Object.values(created).flat().every((id) => before.includes(id));
    }, 'la lista de nóminas tiene las registradas');
    for (const who of [admin, maria]) {
      const local = localDb();
      await local.put({ _id: `forjada-${who.user.id}`, type: 'nomina', empleadoId: 'emp-maria', empleado: 'María', conceptoDePago: 'Bono', salario: 1_000_000, fecha: '2026-11-15' });
      const own = await local.get(created['emp-maria'][0]).catch(() => null);
      expect(own).toBeNull();
      const denied: unknown[] = [];
      const result = await local.replicate.to(remoteDb(gw.url, 'nominas', who.client.cookie), { retry: false }).on('denied', (e) => denied.push(e));
      expect(result.docs_written).toBe(0);
      expect(denied).toHaveLength(1);
      expect(denied[0]).toMatchObject({ error: 'forbidden', reason: 'Las nóminas solo las registra un administrador desde la sección de nóminas.' });
    }
    // An edit of one's own payslip pushed from the device is refused too.
    const local = await pullInto(gw, person(maria), 'nominas');
    const doc = await local.get(created['emp-maria'][0]);
    await local.put({ ...doc, salario: 1_000_000 });
    const result = await local.replicate.to(remoteDb(gw.url, 'nominas', maria.client.cookie), { retry: false });
    expect(result.docs_written).toBe(0);
    expect((await admin.client.json('GET', `/api/nominas/${doc._id}`)).body.nomina.salario).toBe(9000);
    for (const who of [admin, maria]) expect((await admin.client.json('GET', `/api/nominas/forjada-${who.user.id}`)).status).toBe(404);
    // On a CouchDB cluster a listing reads one copy of each shard, which may trail a moment: the
    // same list as before once it is whole, and an extra payslip would never go away.
    const same = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);
    await eventually(async () => same(await storedNominaIds(gw), before), 'la lista de nóminas sigue igual');
  });
});
