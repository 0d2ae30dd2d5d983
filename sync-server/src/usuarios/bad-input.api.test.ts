/**
 * Bad input on the users and employees endpoints: missing or wrong-typed fields, a 10 MB body, a
 * role that is not assignable, `__proto__` keys, ids with slashes or `_design/`: a Spanish
 * message, the right 4xx, nothing stored, never a 5xx.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import type { CreatedUser, HttpClient } from '../testing/gateway';
import { empleadoBody, usuarioBody } from '../testing/personas';

const gw = gatewayForFile();
let admin: CreatedUser;
let asAdmin: HttpClient;
let empleadoId: string;

beforeAll(async () => {
  admin = await gw.createUser({ role: 'administrator' });
  asAdmin = await gw.client().signIn(admin.email, admin.password);
  empleadoId = (await asAdmin.json('POST', '/api/empleados-api', empleadoBody())).body.empleado._id;
});

/** Every document of both databases, as stored: what "nothing stored" is checked against. */
async function snapshot(): Promise<string> {
  const read = async (db: string) => (await (await gw.store.db(db)).find({ selector: { type: { $gt: null } }, limit: 10_000 })).docs.map((d) => `${d._id}@${d._rev}`).sort();
  return JSON.stringify([await read('usuarios'), await read('empleados')]);
}

async function refused(method: string, path: string, body: unknown, status: number, mensaje?: string | RegExp): Promise<void> {
  const before = await snapshot();
  const r = await asAdmin.json(method, path, body);
  expect(r.status, `${method} ${path} ${JSON.stringify(r.body)}`).toBe(status);
  expect(r.body.success).toBe(false);
  expect(typeof r.body.mensaje).toBe('string');
  if (mensaje) expect(r.body.mensaje).toMatch(mensaje);
  expect(await snapshot()).toBe(before);
}

const WRITES = (): Array<[string, string]> => [
  ['POST', '/api/signup'],
  ['PUT', `/api/users/${admin.id}`],
  ['POST', '/api/empleados-api'],
  ['PUT', `/api/empleados-api/${empleadoId}`],
];

describe('bad bodies', () => {
  it('wrong-typed fields: 400 naming the field', async () => {
    await refused('POST', '/api/signup', usuarioBody({ prim_nom: { $gt: '' } }), 400, "El campo 'Primer nombre' debe ser texto.");
    await refused('POST', '/api/signup', usuarioBody({ telefono: ['5512345678'] }), 400, /Teléfono/);
    await refused('POST', '/api/signup', usuarioBody({ prim_nom: true }), 400, 'El formato de los datos no es válido');
    await refused('POST', '/api/empleados-api', empleadoBody({ salario: { monto: 1 } }), 400, /Salario/);
    await refused('POST', '/api/empleados-api', empleadoBody({ salario: 'mucho' }), 400, 'El salario debe ser un número');
    await refused('PUT', `/api/users/${admin.id}/asociar-empleado`, { empleado_id: ['x'] }, 400);
    await refused('PUT', `/api/users/${admin.id}/asociar-empleado`, {}, 400, 'Por favor complete todos los campos obligatorios.');
  });

  it('a body that is no object, or no JSON: 400 or 415', async () => {
    for (const [method, path] of WRITES()) {
      await refused(method, path, [], 400);
      await refused(method, path, '"texto"', 400);
      await refused(method, path, '{"prim_nom": ', 400, 'El cuerpo de la petición no es JSON válido.');
    }
    const r = await asAdmin.fetch('/api/empleados-api', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'prim_nom=x' });
    expect(r.status).toBe(415);
  });

  it('a 10 MB body: 413', async () => {
    for (const [method, path] of WRITES()) await refused(method, path, usuarioBody({ calle: 'x'.repeat(10 * 1024 * 1024) }), 413, 'La petición es demasiado grande.');
  });

  it('a role that is not assignable: 400', async () => {
    for (const role of ['Superadministrator', 'root', { $ne: 'user' }]) {
      await refused('POST', '/api/signup', usuarioBody({ role }), 400);
      await refused('PUT', `/api/users/${admin.id}`, { role }, 400);
    }
  });

  it('__proto__ keys: 400, and no account gains anything', async () => {
    const payload = '{"prim_nom":"Ana","__proto__":{"role":"administrator","isAdmin":true}}';
    for (const [method, path] of WRITES()) await refused(method, path, payload, 400, /__proto__/);
    await refused('POST', '/api/signup', `{"datos":{"__proto__":{"x":1}},${JSON.stringify(usuarioBody()).slice(1)}`, 400);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it('unknown fields are dropped, never stored: no hash, id, type or revision from the client', async () => {
    const r = await asAdmin.json('POST', '/api/signup', usuarioBody({ password_hash: 'scrypt$1$1$1$x$y', _id: 'elegido', type: 'empleado', scope_epoch: 99, vinculo_en_curso: { op: 'x', hasta: 9e15 } }));
    expect(r.status).toBe(201);
    expect(r.body.user._id).not.toBe('elegido');
    const stored = await (await gw.store.db('usuarios')).get(r.body.user._id);
    expect(stored.type).toBe('usuario');
    expect(stored.password_hash).not.toBe('scrypt$1$1$1$x$y');
    expect(stored).not.toHaveProperty('scope_epoch');
    expect(stored).not.toHaveProperty('vinculo_en_curso');
  });
});

describe('bad ids', () => {
  const ids = ['_design%2Fvalidation', 'a%2Fb', '_local%2Fx', '%20x', '_all_docs'];

  it('ids with slashes, a leading underscore or spaces: 400 on every route, never a design document', async () => {
    for (const id of ids) {
      for (const [method, path, body] of [
        ['GET', `/api/users/${id}`, undefined],
        ['PUT', `/api/users/${id}`, { pust: 'x' }],
        ['DELETE', `/api/users/${id}`, undefined],
        ['PUT', `/api/users/${id}/asociar-empleado`, { empleado_id: null }],
        ['PUT', `/api/users/${id}/password`, { password_nueva: 'Otra-clave-1' }],
        ['GET', `/api/users/${id}/foto`, undefined],
        ['GET', `/api/empleados-api/${id}`, undefined],
        ['PUT', `/api/empleados-api/${id}`, { pust: 'x' }],
        ['DELETE', `/api/empleados-api/${id}`, undefined],
        ['GET', `/api/empleados-api/by-user/${id}`, undefined],
        ['GET', `/api/empleados-api/${id}/foto`, undefined],
      ] as Array<[string, string, unknown]>) {
        await refused(method, path, body, 400, 'Identificador no válido.');
      }
    }
  });

  it('paths that are deeper than an id: 400; a known action with another method: 404', async () => {
    await refused('GET', '/api/users/_design/validation', undefined, 400);
    await refused('DELETE', '/api/empleados-api/_design/validation', undefined, 400);
    await refused('DELETE', `/api/users/${admin.id}/foto`, undefined, 404);
  });

  it('links naming a design document or a missing employee: 400', async () => {
    await refused('PUT', `/api/users/${admin.id}/asociar-empleado`, { empleado_id: '_design/validation' }, 400, 'El identificador no es válido');
    await refused('PUT', `/api/users/${admin.id}/asociar-empleado`, { empleado_id: 'no-existe' }, 400, 'El empleado seleccionado no existe.');
    await refused('PUT', `/api/empleados-api/${empleadoId}`, { userId: '_design/x' }, 400);
    await refused('PUT', `/api/empleados-api/${empleadoId}`, { userId: 'no-existe' }, 400, 'El usuario seleccionado no existe.');
  });
});
