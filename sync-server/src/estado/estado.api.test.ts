/**
 * 'Estado del sistema' (issue 32 item 4): for admins only, this gateway's readiness and release,
 * the store's kind and answer time, and every person with an open session with their devices,
 * never a session id nor anything of the accounts beyond their name, e-mail and role.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EstadoAnswer } from '../../../couch-design/estado';
import { gatewayForFile } from '../testing/per-file';
import type { CreatedUser, HttpClient } from '../testing/gateway';
import { VERSION } from '../version';
import { SOLO_ADMINS } from './service';

const gw = gatewayForFile();
let admin: CreatedUser;
let adminClient: HttpClient;
beforeAll(async () => {
  admin = await gw.createUser({ role: 'administrator', prim_nom: 'Alicia', apell_pa: 'Admin' });
  adminClient = await gw.client().signIn(admin.email, admin.password);
});

describe('GET /api/estado', () => {
  it('answers an admin the gateway, the store and each person’s devices', async () => {
    const p = await gw.createUser({ role: 'user', prim_nom: 'Beto', apell_pa: 'Campo', apell_ma: 'Vera' });
    const tablet = await gw.client().signIn(p.email, p.password);
    await gw.client().signIn(p.email, p.password);
    await tablet.json('GET', '/db/captaciones');

    const r = await adminClient.json<EstadoAnswer>('GET', '/api/estado');
    expect(r.status).toBe(200);
    const { pasarela, almacen, personas } = r.body;
    expect(pasarela).toMatchObject({ listo: true, version: VERSION, comprobaciones: { almacen: { estado: 'ok' }, directorio: { estado: 'ok' }, parada: { estado: 'ok' } } });
    expect(almacen).toMatchObject({ tipo: gw.store.kind, responde: true });
    expect(almacen.ms).toBeGreaterThanOrEqual(0);

    const beto = personas.find((x) => x.usuario.id === p.id);
    expect(beto?.usuario).toEqual({ id: p.id, nombre: 'Beto Campo Vera', email: p.email, role: 'user' });
    expect(beto?.dispositivos).toHaveLength(2);
    expect(beto?.dispositivos.filter((d) => d.ultima_sincronizacion !== null)).toHaveLength(1);
    const alicia = personas.find((x) => x.usuario.id === admin.id);
    expect(alicia?.dispositivos.filter((d) => d.actual)).toHaveLength(1);
    // People by name.
    const names = personas.map((x) => x.usuario.nombre);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));

    const text = JSON.stringify(r.body);
    const sid = decodeURIComponent(tablet.cookie.split('=')[1]).slice(2).split('.')[0];
    expect(text).not.toContain(sid);
    expect(text).not.toContain('password');
    expect(text).not.toContain('clave');
  });

  it('refuses anyone else: 403 for a signed-in non-admin, 401 for a visitor', async () => {
    for (const role of ['user', 'supervisor de obra', 'ayudante de administrador']) {
      const u = await gw.createUser({ role });
      const c = await gw.client().signIn(u.email, u.password);
      const r = await c.json('GET', '/api/estado');
      expect(r.status, role).toBe(403);
      expect(r.body).toEqual({ success: false, mensaje: SOLO_ADMINS });
    }
    expect((await gw.client().json('GET', '/api/estado')).status).toBe(401);
  });
});
