import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion, sampleCaptacionForm } from '../../../couch-design/captacion/fixtures';
import { MSG as SCHEMA } from '../../../couch-design/captacion/messages';
import { gatewayForFile } from '../testing/per-file';
import { captacionOf, expectNoStack, ROLES, seed, signedIn, type Person } from '../testing/captaciones';

const gw = gatewayForFile();
let admin: Person;
let user: Person;
let asesor: Person;
let sup: Person;
let ayudante: Person;

beforeAll(async () => {
  [admin, user, asesor, sup, ayudante] = await Promise.all([
    signedIn(gw, ROLES.admin, { prim_nom: 'Ana', apell_pa: 'Admin', apell_ma: 'Central' }),
    signedIn(gw, ROLES.user),
    signedIn(gw, ROLES.asesor, { prim_nom: 'Laura', apell_pa: 'Méndez', apell_ma: 'Ruiz' }),
    signedIn(gw, ROLES.supervisor),
    signedIn(gw, ROLES.ayudante),
  ]);
});

const total = async (): Promise<number> => (await admin.client.json('GET', '/api/captaciones')).body.paginacion.total;
const stored = async (id: string) => (await gw.store.db('captaciones')).get(id);

/** An asesor's post of `body` is refused with 400 and (at least) these schema errors. */
async function refusedWith(body: unknown, errors: Array<{ param: string; msg: string }>): Promise<void> {
  const r = await asesor.client.json('POST', '/api/captaciones', body);
  expect(r.status).toBe(400);
  expect(r.body.errors).toEqual(expect.arrayContaining(errors));
}

/** What a client posts: a valid record without id, adviser or stamps. */
const payload = (overrides: Parameters<typeof sampleCaptacion>[0] = {}) => {
  const { _id: _omit, ...body } = sampleCaptacion(overrides) as ReturnType<typeof sampleCaptacion> & { _id?: string };
  return body;
};

describe('POST /api/captaciones', () => {
  it('stores a valid captación for its creator with a server id and the gateway stamps', async () => {
    const r = await asesor.client.json('POST', '/api/captaciones', payload());
    expect(r.status).toBe(201);
    expect(r.body.success).toBe(true);
    expect(r.body.mensaje).toBe('Captación guardada exitosamente');
    const c = r.body.captacion;
    expect(c._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(c.id).toBe(c._id);
    expect(c._rev).toMatch(/^1-/);
    expect(c.type).toBe('captacion');
    expect(c.captacion.asesor).toBe(asesor.user.id);
    expect(c.asesor_nombre).toBe('Laura Méndez Ruiz');
    expect(c.captacion.fecha).toBe('2025-03-14T16:45:00.000Z');
    expect(c.ultima_actualizacion.usuario.nombre).toBe('Laura Méndez Ruiz');
    expect(c.historial_estatus).toHaveLength(1);

    const got = await asesor.client.json('GET', `/api/captaciones/${c._id}`);
    expect(got.status).toBe(200);
    expect(got.body.captacion).toEqual(c);
    expect(got.body.captacion.propietario.nombre).toBe('María Guadalupe Hernández Ramírez');
  });

  it('ignores a client id, revision, history and last update, and dates an undated record today', async () => {
    const body = {
      ...payload({ captacion: { fecha: '' } }),
      _id: 'elegido-por-el-cliente',
      _rev: '1-abc',
      historial_estatus: [{ usuario: 'Falso', fecha: '2000-01-01T00:00:00.000Z' }],
      ultima_actualizacion: { usuario: { nombre: 'Falso' }, fecha: '2000-01-01T00:00:00.000Z' },
    };
    const r = await user.client.json('POST', '/api/captaciones', body);
    expect(r.status).toBe(201);
    const c = r.body.captacion;
    expect(c._id).not.toBe('elegido-por-el-cliente');
    expect(c.captacion.fecha.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    expect(c.historial_estatus).toHaveLength(1);
    expect(c.historial_estatus[0].usuario.nombre).not.toBe('Falso');
    expect(c.ultima_actualizacion.usuario.nombre).not.toBe('Falso');
  });

  it('accepts the form shape: documentacion, numeric texts and dd/mm/yyyy dates', async () => {
    const form = { ...sampleCaptacionForm(), venta: { ...sampleCaptacionForm().venta, en_venta: true, precio_venta: '1,250,000.50', fecha_venta: '20/06/2025' } };
    const r = await admin.client.json('POST', '/api/captaciones', form);
    expect(r.status).toBe(201);
    const doc = await stored(r.body.captacion._id);
    expect(doc.documentacion).toBeUndefined();
    expect(doc.documentos_entregados).toMatchObject({ ine: true, escrituras: true });
    expect(doc.venta).toMatchObject({ precio_venta: 1250000.5, fecha_venta: '2025-06-20' });
  });

  it('lets an admin assign another adviser, but not an unknown one', async () => {
    const r = await admin.client.json('POST', '/api/captaciones', payload({ captacion: { asesor: sup.user.id } }));
    expect(r.status).toBe(201);
    expect(r.body.captacion.captacion.asesor).toBe(sup.user.id);
    const unknown = await admin.client.json('POST', '/api/captaciones', payload({ captacion: { asesor: 'no-existe' } }));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ success: false, mensaje: 'El asesor indicado no existe.', errors: [{ param: 'captacion.asesor', msg: 'El asesor indicado no existe.' }] });
  });

  it('refuses a non-admin creating on behalf of someone else', async () => {
    const before = await total();
    const r = await asesor.client.json('POST', '/api/captaciones', payload({ captacion: { asesor: user.user.id } }));
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ success: false, mensaje: 'No puede registrar captaciones a nombre de otra persona.' });
    expect(await total()).toBe(before);
  });

  it('refuses roles that only read (supervisor, ayudante de administrador)', async () => {
    const before = await total();
    for (const p of [sup, ayudante]) {
      const r = await p.client.json('POST', '/api/captaciones', payload());
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ success: false, mensaje: 'Su rol no permite registrar captaciones.' });
    }
    expect(await total()).toBe(before);
  });

  it('answers every problem of an empty body with the schema messages, and stores nothing', async () => {
    const before = await total();
    const r = await asesor.client.json('POST', '/api/captaciones', {});
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    const errors = r.body.errors as Array<{ param: string; msg: string }>;
    expect(r.body.mensaje).toBe(errors[0].msg);
    expect(errors).toEqual(
      expect.arrayContaining([
        { param: 'propietario.nombre', msg: SCHEMA.propietarioNombreRequerido },
        { param: 'propietario.telefono', msg: SCHEMA.telefonoRequerido },
        { param: 'propietario.estado_civil', msg: SCHEMA.estadoCivilRequerido },
        { param: 'propiedad.tipo', msg: SCHEMA.tipoPropiedadRequerido },
        { param: 'propiedad.direccion.calle', msg: SCHEMA.calleRequerida },
        { param: 'propiedad.direccion.numero', msg: SCHEMA.numeroRequerido },
        { param: 'propiedad.direccion.colonia', msg: SCHEMA.coloniaRequerida },
        { param: 'propiedad.direccion.ciudad', msg: SCHEMA.ciudadRequerida },
        { param: 'propiedad.direccion.estado', msg: SCHEMA.estadoRequerido },
        { param: 'propiedad.direccion.codigo_postal', msg: SCHEMA.codigoPostalRequerido },
        { param: 'propiedad.caracteristicas.m2_terreno', msg: SCHEMA.m2TerrenoRequerido },
        { param: 'propiedad.caracteristicas.m2_construccion', msg: SCHEMA.m2ConstruccionRequerido },
        { param: 'propiedad.caracteristicas.habitaciones', msg: SCHEMA.habitacionesRequerido },
        { param: 'propiedad.caracteristicas.baños', msg: SCHEMA.bañosRequerido },
        { param: 'referencias_personales', msg: SCHEMA.referenciasMin },
        { param: 'documentos_entregados.ine', msg: SCHEMA.ineObligatoria },
        { param: 'documentos_entregados.escrituras', msg: SCHEMA.escriturasObligatorias },
      ]),
    );
    expect(await total()).toBe(before);
  });

  it('refuses negative amounts and areas that are not above zero', async () => {
    const base = sampleCaptacion();
    const body = payload({
      propiedad: {
        caracteristicas: { m2_terreno: 0, m2_construccion: -3, habitaciones: -1, baños: 1, cocheras: -2 },
        adeudos: [{ tipo: 'Agua', monto: -50, numero_referencia: '', descripcion: '', estatus: 'Pendiente' }],
      },
      datos_laborales: { ...base.datos_laborales, ingresos_mensuales: -1000, antiguedad: -1 },
      venta: { en_venta: true, precio_venta: -1, comision_venta: 150 },
    });
    await refusedWith(body, [
      { param: 'propiedad.caracteristicas.m2_terreno', msg: SCHEMA.mayorACero },
      { param: 'propiedad.caracteristicas.m2_construccion', msg: SCHEMA.mayorACero },
      { param: 'propiedad.caracteristicas.habitaciones', msg: SCHEMA.noNegativo },
      { param: 'propiedad.caracteristicas.cocheras', msg: SCHEMA.noNegativo },
      { param: 'propiedad.adeudos[0].monto', msg: SCHEMA.noNegativo },
      { param: 'datos_laborales.ingresos_mensuales', msg: SCHEMA.noNegativo },
      { param: 'datos_laborales.antiguedad', msg: SCHEMA.noNegativo },
      { param: 'venta.precio_venta', msg: SCHEMA.noNegativo },
      { param: 'venta.comision_venta', msg: SCHEMA.comisionMax },
    ]);
  });

  it('refuses wrong types and malformed values with the schema messages', async () => {
    const body = {
      ...payload(),
      propietario: 'Juan',
      referencias_personales: 'dos amigos',
      propiedad: { ...payload().propiedad, caracteristicas: { ...payload().propiedad.caracteristicas, m2_terreno: 'mucho', habitaciones: { n: 3 } } },
    };
    await refusedWith(body, [
      { param: 'propietario.nombre', msg: SCHEMA.propietarioNombreRequerido },
      { param: 'referencias_personales', msg: SCHEMA.referenciasMin },
      { param: 'propiedad.caracteristicas.m2_terreno', msg: SCHEMA.numeroInvalido },
      { param: 'propiedad.caracteristicas.habitaciones', msg: SCHEMA.habitacionesRequerido },
    ]);
    const formats = await asesor.client.json('POST', '/api/captaciones', payload({ propietario: { telefono: '55-12ab', correo: 'no-es-correo', curp: 'XYZ', rfc: '123', nss: '12' } }));
    expect(formats.body.errors).toEqual([
      { param: 'propietario.telefono', msg: SCHEMA.telefonoFormato },
      { param: 'propietario.correo', msg: SCHEMA.correoFormato },
      { param: 'propietario.nss', msg: SCHEMA.nssFormato },
      { param: 'propietario.rfc', msg: SCHEMA.rfcFormato },
      { param: 'propietario.curp', msg: SCHEMA.curpFormato },
    ]);
  });

  it('refuses a missing block and a single reference', async () => {
    const { propiedad: _omit, ...sinPropiedad } = payload();
    const r = await asesor.client.json('POST', '/api/captaciones', { ...sinPropiedad, referencias_personales: [payload().referencias_personales[0]] });
    expect(r.status).toBe(400);
    const params = (r.body.errors as Array<{ param: string }>).map((e) => e.param);
    expect(params).toEqual(expect.arrayContaining(['propiedad.tipo', 'propiedad.direccion.calle', 'propiedad.caracteristicas.m2_terreno']));
    expect(r.body.errors).toContainEqual({ param: 'referencias_personales', msg: SCHEMA.referenciasMin });
  });

  it('stores the cleaned record: unknown fields such as a forged password_hash never reach the database', async () => {
    const r = await asesor.client.json('POST', '/api/captaciones', { ...payload(), password_hash: '$2b$10$robado', propietario: { ...payload().propietario, rol: 'admin' } });
    expect(r.status).toBe(201);
    const doc = await stored(r.body.captacion._id);
    expect(doc.password_hash).toBeUndefined();
    expect((doc.propietario as Record<string, unknown>).rol).toBeUndefined();
  });

  it('refuses what replication refuses too: objects or lists where text belongs, invalid dates, too many debts', async () => {
    const before = await total();
    const cases: Array<[Record<string, unknown>, { param: string; msg: string }]> = [
      [{ ...payload(), propietario: { ...payload().propietario, nombre: { $ne: null } } }, { param: 'propietario.nombre', msg: SCHEMA.formatoInvalido }],
      [{ ...payload(), tipo_tramite: ['Contado'] }, { param: 'tipo_tramite', msg: SCHEMA.formatoInvalido }],
      [payload({ captacion: { fecha: '2025-02-30T10:00:00.000Z' } }), { param: 'captacion.fecha', msg: SCHEMA.fechaInvalida }],
      [payload({ captacion: { fecha: 'ayer' } }), { param: 'captacion.fecha', msg: SCHEMA.fechaInvalida }],
      [{ ...payload(), propiedad: { ...payload().propiedad, adeudos: Array.from({ length: 101 }, () => payload().propiedad.adeudos[0]) } }, { param: 'propiedad.adeudos', msg: SCHEMA.adeudosMax }],
    ];
    for (const [body, issue] of cases) {
      const r = await asesor.client.json('POST', '/api/captaciones', body);
      expect(r.status).toBe(400);
      expect(r.body.errors).toContainEqual(issue);
      expectNoStack(r.body);
    }
    const huge = await asesor.client.json('POST', '/api/captaciones', { ...payload(), propiedad: { ...payload().propiedad, adeudos: Array.from({ length: 20_000 }, () => ({ tipo: 'Agua', monto: 1 })) } });
    expect([400, 413]).toContain(huge.status);
    expect(typeof huge.body.mensaje).toBe('string');
    expect(await total()).toBe(before);
  });

  it('answers a body that is no object, or no JSON, in Spanish', async () => {
    for (const body of ['[1, 2]', '"texto"', 'null']) {
      const r = await asesor.client.json('POST', '/api/captaciones', body);
      expect(r.status).toBe(400);
      expect(['El cuerpo de la petición debe ser un objeto JSON.', 'El cuerpo de la petición no es JSON válido.']).toContain(r.body.mensaje);
      expectNoStack(r.body);
    }
    const broken = await asesor.client.json('POST', '/api/captaciones', '{"propietario": ');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ success: false, mensaje: 'El cuerpo de la petición no es JSON válido.' });
  });
});

describe('PUT /api/captaciones/:id', () => {
  it('saves an edit with the stored revision, a new stamp and one more history entry', async () => {
    const created = (await asesor.client.json('POST', '/api/captaciones', payload())).body.captacion;
    const edit = { ...created, propietario: { ...created.propietario, telefono: '5511122233' }, estatus_actual: 'En venta' };
    const r = await user.client.json('PUT', `/api/captaciones/${created._id}`, edit);
    expect(r.status).toBe(200);
    expect(r.body.mensaje).toBe('Captación actualizada exitosamente');
    const c = r.body.captacion;
    expect(c._rev).toMatch(/^2-/);
    expect(c.propietario.telefono).toBe('5511122233');
    expect(c.captacion.asesor).toBe(asesor.user.id);
    expect(c.captacion.fecha).toBe(created.captacion.fecha);
    expect(c.historial_estatus).toHaveLength(2);
    expect(c.historial_estatus[1]).toMatchObject({ estatus: 'En venta' });
    expect(c.ultima_actualizacion.usuario.nombre).toContain('Persona');

    // Without a revision the stored one is used.
    const { _rev: _omit, ...sinRev } = { ...c, estatus_actual: 'Vendida' };
    const again = await asesor.client.json('PUT', `/api/captaciones/${created._id}`, sinRev);
    expect(again.status).toBe(200);
    expect(again.body.captacion._rev).toMatch(/^3-/);
  });

  it('answers 409 for a stale revision and keeps the newer data', async () => {
    const created = (await asesor.client.json('POST', '/api/captaciones', payload())).body.captacion;
    const first = await asesor.client.json('PUT', `/api/captaciones/${created._id}`, { ...created, estatus_actual: 'En trámite legal' });
    expect(first.status).toBe(200);
    const stale = await admin.client.json('PUT', `/api/captaciones/${created._id}`, { ...created, estatus_actual: 'Cancelada' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      success: false,
      mensaje: 'La captación fue modificada por otra persona. Recargue la página para ver los cambios más recientes.',
    });
    expect((await stored(created._id)).estatus_actual).toBe('En trámite legal');
  });

  it('answers the schema errors for an invalid edit and changes nothing', async () => {
    const created = (await asesor.client.json('POST', '/api/captaciones', payload())).body.captacion;
    const r = await asesor.client.json('PUT', `/api/captaciones/${created._id}`, { ...created, propietario: { ...created.propietario, nombre: 'Jo' } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ param: 'propietario.nombre', msg: SCHEMA.nombreMin }]);
    expect((await stored(created._id))._rev).toBe(created._rev);
  });

  it('lets only admins reassign the adviser, and renews the scope of the supervisor who loses it', async () => {
    const created = (await admin.client.json('POST', '/api/captaciones', payload({ captacion: { asesor: sup.user.id } }))).body.captacion;
    expect((await sup.client.json('GET', `/api/captaciones/${created._id}`)).status).toBe(200);

    const byAsesor = await asesor.client.json('PUT', `/api/captaciones/${created._id}`, { ...created, captacion: { ...created.captacion, asesor: asesor.user.id } });
    expect(byAsesor.status).toBe(403);
    expect(byAsesor.body.mensaje).toBe('Solo un administrador puede reasignar el asesor de una captación.');

    const usuarios = await gw.store.db('usuarios');
    const epochBefore = Number((await usuarios.get(sup.user.id)).scope_epoch ?? 0);
    const byAdmin = await admin.client.json('PUT', `/api/captaciones/${created._id}`, { ...created, captacion: { ...created.captacion, asesor: asesor.user.id } });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.captacion.captacion.asesor).toBe(asesor.user.id);
    expect(byAdmin.body.captacion.asesor_nombre).toBe('Laura Méndez Ruiz');
    expect(Number((await usuarios.get(sup.user.id)).scope_epoch)).toBe(epochBefore + 1);
    expect((await sup.client.json('GET', `/api/captaciones/${created._id}`)).status).toBe(404);
  });

  it('refuses roles that only read, even on their own captación', async () => {
    const created = (await admin.client.json('POST', '/api/captaciones', payload({ captacion: { asesor: sup.user.id } }))).body.captacion;
    for (const p of [sup, ayudante]) {
      const r = await p.client.json('PUT', `/api/captaciones/${created._id}`, created);
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ success: false, mensaje: 'Su rol no permite modificar captaciones.' });
    }
  });

  it('answers 404 for an id that does not exist', async () => {
    const r = await admin.client.json('PUT', '/api/captaciones/no-existe', payload());
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, mensaje: 'No se encontró la captación' });
  });
});

describe('DELETE /api/captaciones/:id', () => {
  it('is for admins only', async () => {
    const created = (await asesor.client.json('POST', '/api/captaciones', payload())).body.captacion;
    for (const p of [user, asesor, sup, ayudante]) {
      const r = await p.client.json('DELETE', `/api/captaciones/${created._id}`);
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ success: false, mensaje: 'Solo un administrador puede eliminar captaciones.' });
    }
    expect((await stored(created._id))._deleted).toBeUndefined();
  });

  it('deletes for an admin, drops it from lists, and leaves a tombstone with the owner fields', async () => {
    const created = (await asesor.client.json('POST', '/api/captaciones', payload({ propietario: { nombre: 'Borrable Zacarías' } }))).body.captacion;
    expect((await admin.client.json('GET', '/api/captaciones?search=zacarias')).body.paginacion.total).toBe(1);
    const before = await total();

    const r = await admin.client.json('DELETE', `/api/captaciones/${created._id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, mensaje: 'Captación eliminada exitosamente' });
    expect((await admin.client.json('GET', `/api/captaciones/${created._id}`)).status).toBe(404);
    expect(await total()).toBe(before - 1);
    expect((await admin.client.json('GET', '/api/captaciones?search=zacarias')).body.paginacion.total).toBe(0);

    const db = await gw.store.db('captaciones');
    const feed = await db.changes({ since: '0', include_docs: true });
    const row = feed.results.find((x) => x.id === created._id)!;
    expect(row.deleted).toBe(true);
    expect(row.doc).toMatchObject({ _deleted: true, type: 'captacion', captacion: { asesor: asesor.user.id } });
    expect(row.doc!.propietario).toBeUndefined();

    const twice = await admin.client.json('DELETE', `/api/captaciones/${created._id}`);
    expect(twice.status).toBe(404);
  });

  it('answers 409 when the revision given is not the current one', async () => {
    const created = (await asesor.client.json('POST', '/api/captaciones', payload())).body.captacion;
    await asesor.client.json('PUT', `/api/captaciones/${created._id}`, created);
    const r = await admin.client.json('DELETE', `/api/captaciones/${created._id}?rev=${created._rev}`);
    expect(r.status).toBe(409);
    expect((await stored(created._id))._deleted).toBeUndefined();
  });
});

describe('records written by replication or imports', () => {
  it('are listed, edited and found like the others', async () => {
    const doc = captacionOf(asesor.user.id, 400, { propietario: { nombre: 'Importada Quiñones' } });
    await seed(gw, [doc]);
    const found = await admin.client.json('GET', '/api/captaciones?search=quinones');
    expect(found.body.captaciones.map((c: { _id: string }) => c._id)).toEqual([doc._id]);
    const got = (await admin.client.json('GET', `/api/captaciones/${doc._id}`)).body.captacion;
    const r = await asesor.client.json('PUT', `/api/captaciones/${doc._id}`, { ...got, propietario: { ...got.propietario, nombre: 'Importada Quiñones Editada' } });
    expect(r.status).toBe(200);
    expect((await admin.client.json('GET', '/api/captaciones?search=editada')).body.paginacion.total).toBe(1);
  });
});
