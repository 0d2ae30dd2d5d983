import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import type { CreatedUser } from '../testing/gateway';

const gw = gatewayForFile();
let admin: CreatedUser, asesor: CreatedUser, supervisor: CreatedUser;

beforeAll(async () => {
  admin = await gw.createUser({ role: 'administrator' });
  asesor = await gw.createUser({ role: 'asesor', prim_nom: 'María', apell_pa: 'López', apell_ma: 'Sánchez' });
  supervisor = await gw.createUser({ role: 'supervisor de obra' });
});

describe('GET /api/users/:id (adviser names)', () => {
  it('gives anyone signed in the name of an adviser, and nothing more', async () => {
    const c = await gw.client().signIn(supervisor.email, supervisor.password);
    const r = await c.json('GET', `/api/users/${asesor.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, user: { _id: asesor.id, id: asesor.id, prim_nom: 'María', apell_pa: 'López', apell_ma: 'Sánchez' } });
  });

  it('gives admins and the person themselves the whole record, never the password hash', async () => {
    for (const who of [admin, asesor]) {
      const c = await gw.client().signIn(who.email, who.password);
      const r = await c.json('GET', `/api/users/${asesor.id}`);
      expect(r.body.user).toMatchObject({ id: asesor.id, email: asesor.email, role: 'asesor' });
      expect(JSON.stringify(r.body)).not.toMatch(/password|scrypt/);
    }
  });

  it('answers 401 signed out, 404 for an unknown id and 400 for an id that is no id', async () => {
    expect((await gw.client().json('GET', `/api/users/${asesor.id}`)).status).toBe(401);
    const c = await gw.client().signIn(asesor.email, asesor.password);
    expect(await c.json('GET', '/api/users/no-existe')).toMatchObject({ status: 404, body: { success: false, mensaje: 'No se encontró el usuario.' } });
    expect(await c.json('GET', '/api/users/_design%2Fvalidation')).toMatchObject({ status: 400, body: { mensaje: 'Identificador no válido.' } });
  });
});
