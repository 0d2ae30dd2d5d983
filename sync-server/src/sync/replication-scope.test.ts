import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { configFromEnv } from '../config';
import { gatewayForFile } from '../testing/per-file';
import { ids, openOnline, payslip, pullInto, remoteDb, seed, signedIn, type Person } from '../testing/pouch-client';

/**
 * Every role replicates both databases through the gateway with a real PouchDB client and
 * receives exactly its scope (docs/architecture.md section 6): of the captaciones, those of its
 * device set it may read, here every one it opened online (issue 34), or with
 * DISPOSITIVO_ALCANCE_COMPLETO=1 its whole scope.
 */
const gw = gatewayForFile();
let admin: Person, agente: Person, asesor: Person, supervisor: Person, sinEmpleado: Person;
const cap = (id: string, asesorId: string) => ({ ...sampleCaptacion({ captacion: { asesor: asesorId } }), _id: id });

beforeAll(async () => {
  admin = await signedIn(gw, 'Administrador', 'emp-admin');
  agente = await signedIn(gw, 'user', 'emp-agente');
  supervisor = await signedIn(gw, 'Supervisor de obra', 'emp-sup');
  sinEmpleado = await signedIn(gw, 'user');
  // The asesor's link lives on the employee document (userId), not on the user: both count.
  const u = await gw.createUser({ role: 'Asesor' });
  await seed(gw.store, 'empleados', [{ _id: 'emp-asesor', type: 'empleado', userId: u.id, nombre: 'Asesora' }]);
  const client = await gw.client().signIn(u.email, u.password);
  asesor = { id: u.id, role: 'Asesor', cookie: client.cookie, client };

  await seed(gw.store, 'captaciones', [
    cap('cap-sup-1', supervisor.id), cap('cap-sup-2', supervisor.id), cap('cap-sup-3', supervisor.id),
    cap('cap-ase-1', asesor.id), cap('cap-ase-2', asesor.id), cap('cap-ase-3', asesor.id), cap('cap-ase-4', asesor.id),
    cap('cap-age-1', agente.id), cap('cap-age-2', agente.id),
    cap('cap-adm-1', admin.id),
  ]);
  await seed(gw.store, 'nominas', [
    payslip('emp-admin', 1),
    payslip('emp-agente', 1),
    payslip('emp-sup', 1), payslip('emp-sup', 2),
    payslip('emp-asesor', 1), payslip('emp-asesor', 2), payslip('emp-asesor', 3),
    payslip('emp-otro', 1), payslip('emp-otro', 2),
  ]);
});

const ALL = ['cap-adm-1', 'cap-age-1', 'cap-age-2', 'cap-ase-1', 'cap-ase-2', 'cap-ase-3', 'cap-ase-4', 'cap-sup-1', 'cap-sup-2', 'cap-sup-3'];

/** The person opens every captación online: each one they may read is then on their device. */
const openAll = (p: Person) => openOnline(gw, p, ALL);

describe('replication scope per role', () => {
  it('admin: every captación, and only their own payslips', async () => {
    await openAll(admin);
    expect(await ids(await pullInto(gw, admin, 'captaciones'))).toEqual(ALL);
    expect(await ids(await pullInto(gw, admin, 'nominas'))).toEqual(['nomina-emp-admin-1']);
  });

  it("user: every captación and their own payslips", async () => {
    await openAll(agente);
    expect(await ids(await pullInto(gw, agente, 'captaciones'))).toEqual(ALL);
    expect(await ids(await pullInto(gw, agente, 'nominas'))).toEqual(['nomina-emp-agente-1']);
  });

  it('asesor linked from the employee side: every captación and the linked payslips', async () => {
    await openAll(asesor);
    expect(await ids(await pullInto(gw, asesor, 'captaciones'))).toEqual(ALL);
    expect(await ids(await pullInto(gw, asesor, 'nominas'))).toEqual(['nomina-emp-asesor-1', 'nomina-emp-asesor-2', 'nomina-emp-asesor-3']);
  });

  it('supervisor: only the captaciones they advise, and their payslips', async () => {
    // Opening another's answers 404 and puts nothing more on their device.
    expect(await openAll(supervisor)).toEqual(ALL.map((id) => (id.startsWith('cap-sup-') ? 200 : 404)));
    expect(await ids(await pullInto(gw, supervisor, 'captaciones'))).toEqual(['cap-sup-1', 'cap-sup-2', 'cap-sup-3']);
    expect(await ids(await pullInto(gw, supervisor, 'nominas'))).toEqual(['nomina-emp-sup-1', 'nomina-emp-sup-2']);
  });

  it('a person with no linked employee: captaciones, and no payslip at all', async () => {
    await openAll(sinEmpleado);
    expect(await ids(await pullInto(gw, sinEmpleado, 'captaciones'))).toEqual(ALL);
    expect(await ids(await pullInto(gw, sinEmpleado, 'nominas'))).toEqual([]);
  });

  it('pulled documents are the stored ones, not copies with fields missing', async () => {
    const local = await pullInto(gw, supervisor, 'captaciones');
    const doc = (await local.get('cap-sup-1')) as Record<string, any>;
    expect(doc.propietario.nombre).toBe(sampleCaptacion().propietario.nombre);
    expect(doc.captacion.asesor).toBe(supervisor.id);
  });

  it('a second pull after new documents brings only the new ones in scope', async () => {
    const local = await pullInto(gw, supervisor, 'captaciones');
    await seed(gw.store, 'captaciones', [cap('cap-sup-4', supervisor.id), cap('cap-ase-5', asesor.id)]);
    const res = await local.replicate.from(remoteDb(gw.url, 'captaciones', supervisor.cookie));
    expect(res.docs_written).toBe(1);
    expect(await ids(local)).toEqual(['cap-sup-1', 'cap-sup-2', 'cap-sup-3', 'cap-sup-4']);
  });
});

describe('server root and database info', () => {
  it('GET /db/ answers the welcome with a uuid per person and scope', async () => {
    const answers = await Promise.all([admin, agente, asesor, supervisor, sinEmpleado].map((p) => p.client.json('GET', '/db/')));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ couchdb: 'Welcome', version: '3.4.0', vendor: { name: 'inmobiliaria' } });
      expect(a.body.uuid).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(new Set(answers.map((a) => a.body.uuid)).size).toBe(5);
    expect(new Set(answers.map((a) => a.body.scope)).size).toBe(5);
    // Stable: the same person gets the same uuid (so checkpoints survive between runs).
    expect((await admin.client.json('GET', '/db')).body.uuid).toBe(answers[0].body.uuid);
  });

  it('database info carries the sequence as a string and no counts of other people’s documents', async () => {
    const r = await supervisor.client.json('GET', '/db/captaciones');
    expect(r.status).toBe(200);
    expect(r.body.db_name).toBe('captaciones');
    expect(typeof r.body.update_seq).toBe('string');
    expect(r.body.doc_count).toBeUndefined();
  });

  it('signed-out requests answer 401 in CouchDB shape on every path', async () => {
    const anon = gw.client();
    for (const path of ['/db/', '/db/captaciones', '/db/captaciones/_changes', '/db/nominas/_all_docs', '/db/desconocida']) {
      const r = await anon.json('GET', path);
      expect(r.status, path).toBe(401);
      expect(r.body).toEqual({ error: 'unauthorized', reason: 'Debe iniciar sesión para sincronizar.' });
    }
    const push = await anon.json('POST', '/db/captaciones/_bulk_docs', { docs: [cap('cap-anon', 'x')] });
    expect(push.status).toBe(401);
  });
});

describe('with DISPOSITIVO_ALCANCE_COMPLETO=1 a device replicates the whole scope', () => {
  const whole = gatewayForFile({ wholeScopeOnDevices: configFromEnv({ DISPOSITIVO_ALCANCE_COMPLETO: '1' }).wholeScopeOnDevices });

  it('nothing opened: an admin receives every captación, a supervisor only theirs, and no set is fingerprinted', async () => {
    const jefa = await signedIn(whole, 'Administrador');
    const obra = await signedIn(whole, 'Supervisor de obra');
    await seed(whole.store, 'captaciones', [cap('completa-sup', obra.id), cap('completa-otra', jefa.id), cap('completa-ajena', 'alguien-mas')]);
    expect(await ids(await pullInto(whole, jefa, 'captaciones'))).toEqual(['completa-ajena', 'completa-otra', 'completa-sup']);
    expect(await ids(await pullInto(whole, obra, 'captaciones'))).toEqual(['completa-sup']);
    // No set: nothing ever leaves a device for it.
    expect((await jefa.client.json('GET', '/db/')).body.set).toBe('');
  });
});
