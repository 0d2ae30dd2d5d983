import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion, sampleVenta } from '../../../couch-design/captacion/fixtures';
import { gatewayForFile } from '../testing/per-file';
import { captacionOf, expectNoStack, ROLES, seed, signedIn, type Person } from '../testing/captaciones';

const gw = gatewayForFile();
let admin: Person;
let asesor: Person;
let sup: Person;
let otherSup: Person;
let ayudante: Person;
let supDoc: ReturnType<typeof captacionOf>;
let saleDoc: ReturnType<typeof captacionOf>;

beforeAll(async () => {
  [admin, asesor, sup, otherSup, ayudante] = await Promise.all([
    signedIn(gw, ROLES.admin),
    signedIn(gw, ROLES.asesor, { prim_nom: 'Laura', apell_pa: 'Méndez', apell_ma: 'Ruiz' }),
    signedIn(gw, ROLES.supervisor),
    signedIn(gw, ROLES.supervisor),
    signedIn(gw, ROLES.ayudante),
  ]);
  supDoc = captacionOf(sup.user.id, 1, { propietario: { nombre: 'Rosa Elena Jiménez Flores' } });
  saleDoc = { ...captacionOf(asesor.user.id, 2, { propietario: { nombre: 'Héctor Rivera Campos' } }), venta: sampleVenta() };
  await seed(gw, [supDoc, saleDoc]);
});

const NOT_FOUND = { success: false, mensaje: 'No se encontró la captación' };

describe('a supervisor asking for a foreign id', () => {
  it('gets 404 on GET, PUT and PDF, the same as for an id that does not exist', async () => {
    for (const id of [saleDoc._id, 'no-existe-en-absoluto']) {
      const get = await otherSup.client.json('GET', `/api/captaciones/${id}`);
      expect(get.status).toBe(404);
      expect(get.body).toEqual(NOT_FOUND);
      const put = await otherSup.client.json('PUT', `/api/captaciones/${id}`, sampleCaptacion());
      expect(put.status).toBe(404);
      expect(put.body).toEqual(NOT_FOUND);
      const pdf = await otherSup.client.fetch(`/api/captaciones/${id}/pdf`);
      expect(pdf.status).toBe(404);
      expect(pdf.headers.get('content-type')).toMatch(/json/);
      expect(await pdf.json()).toEqual(NOT_FOUND);
    }
    // The other supervisor's record, too.
    expect((await otherSup.client.json('GET', `/api/captaciones/${supDoc._id}`)).status).toBe(404);
    expect((await (await gw.store.db('captaciones')).get(saleDoc._id))._rev).toMatch(/^1-/);
  });

  it('reads and downloads their own', async () => {
    const get = await sup.client.json('GET', `/api/captaciones/${supDoc._id}`);
    expect(get.status).toBe(200);
    expect(get.body.captacion.propietario.nombre).toBe('Rosa Elena Jiménez Flores');
    const pdf = await sup.client.fetch(`/api/captaciones/${supDoc._id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).toString('latin1')).toContain('Rosa Elena Jiménez Flores');
  });

  it('everyone else reads any record (asesor, ayudante de administrador, admin)', async () => {
    for (const p of [admin, asesor, ayudante]) {
      expect((await p.client.json('GET', `/api/captaciones/${supDoc._id}`)).status).toBe(200);
    }
  });
});

describe('GET /api/captaciones/:id/pdf', () => {
  it('downloads captacion_{id}.pdf with the owner, the adviser, es-MX amounts and the sale', async () => {
    const res = await admin.client.fetch(`/api/captaciones/${saleDoc._id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="captacion_${saleDoc._id}.pdf"`);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('Héctor Rivera Campos');
    expect(text).toContain(`Folio: ${saleDoc._id}`);
    expect(text).toContain('Asesor: Laura Méndez Ruiz');
    expect(text).toContain('$4,850.75');
    expect(text).toContain('$4,850,000.00');
    expect(text).toContain('Precio de venta');
  });

  it('asks for a session', async () => {
    const res = await gw.client().fetch(`/api/captaciones/${saleDoc._id}/pdf`);
    expect(res.status).toBe(401);
  });
});

describe('ids that name no captación', () => {
  const long = 'x'.repeat(201);
  const bad = ['_design%2Fvalidation', '_design/validation', '_local%2Fcheckpoint', '_all_docs', 'a%2Fb', 'a/b', long, '%20espacio'];
  it.each(bad)('%s answers 400 on GET, PUT, DELETE and PDF', async (id) => {
    const calls = [
      await admin.client.json('GET', `/api/captaciones/${id}`),
      await admin.client.json('PUT', `/api/captaciones/${id}`, sampleCaptacion()),
      await admin.client.json('DELETE', `/api/captaciones/${id}`),
      await admin.client.json('GET', `/api/captaciones/${id}/pdf`),
    ];
    for (const r of calls) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ success: false, mensaje: 'Identificador no válido.' });
      expectNoStack(r.body);
    }
  });

  it('a 200-character id is fine (and here missing: 404)', async () => {
    const r = await admin.client.json('GET', `/api/captaciones/${'y'.repeat(200)}`);
    expect(r.status).toBe(404);
  });

  it('broken percent-encoding is a bad request, never a server error', async () => {
    const r = await admin.client.json('GET', '/api/captaciones/%E0%A4%A');
    expect(r.status).toBe(400);
    expectNoStack(r.body);
  });

  it('design documents stay untouched', async () => {
    const db = await gw.store.db('captaciones');
    const ddoc = await db.get('_design/validation');
    await admin.client.json('DELETE', '/api/captaciones/_design%2Fvalidation');
    expect((await db.get('_design/validation'))._rev).toBe(ddoc._rev);
  });
});
