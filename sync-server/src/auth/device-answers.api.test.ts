/**
 * What the gateway tells a device about its person (issue 31; docs/architecture.md, "Datos
 * cifrados en el dispositivo"): a key of the session alone, that opens the device's copy of its
 * data key after a reload; the operator's idle time before the app locks and how long it may go
 * without reaching the gateway; and, for a session whose person was deleted meanwhile, an answer
 * of its own so the device wipes that person's data.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { NO_SESSION, SESSION_REVOKED } from '../../../couch-design/usuario';
import { BadSetting, configFromEnv } from '../config';
import { gatewayForFile } from '../testing/per-file';
import type { CreatedUser } from '../testing/gateway';

const gw = gatewayForFile({ deviceLockMinutes: 7, offlineGraceDays: 3, offlineWipeDays: 12, deviceBudgetMb: 50 });
let admin: CreatedUser;
beforeAll(async () => {
  admin = await gw.createUser({ role: 'administrator' });
});

describe('the session key, the lock time and the offline limits', () => {
  it('come with the sign-in and every check; the key is the session’s own and stays the same', async () => {
    const p = await gw.createUser();
    const signin = await gw.client().json('POST', '/api/signin', { email: p.email, password: p.password });
    expect(signin.body).toMatchObject({ success: true, bloqueo_min: 7, gracia_dias: 3, borrado_dias: 12, espacio_mb: 50 });
    const c = await gw.client().signIn(p.email, p.password);
    const first = (await c.json('GET', '/api/check-auth')).body;
    expect(first).toMatchObject({ authenticated: true, bloqueo_min: 7, gracia_dias: 3, borrado_dias: 12, espacio_mb: 50 });
    expect(Buffer.from(String(first.clave_sesion), 'base64')).toHaveLength(32);
    expect((await c.json('GET', '/api/check-auth')).body.clave_sesion).toBe(first.clave_sesion);

    const other = await gw.client().signIn(p.email, p.password);
    const second = (await other.json('GET', '/api/check-auth')).body;
    expect(second.clave_sesion).not.toBe(first.clave_sesion);
    expect(second).not.toHaveProperty('user.password_hash');
  });

  it('come with the welcome of every sync too, where the key does not', async () => {
    const p = await gw.createUser();
    const c = await gw.client().signIn(p.email, p.password);
    const welcome = await c.json('GET', '/db/');
    expect(welcome.body).toMatchObject({ couchdb: 'Welcome', bloqueo_min: 7, gracia_dias: 3, borrado_dias: 12, espacio_mb: 50 });
    expect(welcome.body).not.toHaveProperty('clave_sesion');
  });

  it('is never given to a visitor', async () => {
    const visitor = (await gw.client().json('GET', '/api/check-auth')).body;
    expect(visitor).toEqual({ success: false, authenticated: false, mensaje: NO_SESSION });
  });

  it('default to 7 and 30 days; the wipe must come after the grace, and a wrong value stops the start naming it', () => {
    expect(configFromEnv({})).toMatchObject({ offlineGraceDays: 7, offlineWipeDays: 30 });
    expect(configFromEnv({ GRACIA_SIN_CONEXION_DIAS: '3', BORRADO_SIN_CONEXION_DIAS: '4' })).toMatchObject({ offlineGraceDays: 3, offlineWipeDays: 4 });
    for (const wrong of ['0', 'siete', '1.5', '366', '']) {
      expect(() => configFromEnv({ GRACIA_SIN_CONEXION_DIAS: wrong })).toThrow(/GRACIA_SIN_CONEXION_DIAS/);
    }
    for (const wrong of ['1', 'treinta', '3651', ' 30']) {
      expect(() => configFromEnv({ BORRADO_SIN_CONEXION_DIAS: wrong })).toThrow(/BORRADO_SIN_CONEXION_DIAS/);
    }
    for (const [grace, wipe] of [['7', '7'], ['10', '9'], ['40', undefined]] as const) {
      const env = { GRACIA_SIN_CONEXION_DIAS: grace, ...(wipe ? { BORRADO_SIN_CONEXION_DIAS: wipe } : {}) };
      expect(() => configFromEnv(env)).toThrow(BadSetting);
      expect(() => configFromEnv(env)).toThrow(/BORRADO_SIN_CONEXION_DIAS=\d+ no es válido: debe ser mayor que GRACIA_SIN_CONEXION_DIAS/);
    }
  });

  it('defaults to 15 minutes and refuses a wrong value in Spanish, naming the setting', () => {
    expect(configFromEnv({}).deviceLockMinutes).toBe(15);
    expect(configFromEnv({ BLOQUEO_INACTIVIDAD_MIN: '30' }).deviceLockMinutes).toBe(30);
    for (const wrong of ['0', 'quince', '2.5', '1441']) {
      expect(() => configFromEnv({ BLOQUEO_INACTIVIDAD_MIN: wrong })).toThrow(BadSetting);
      expect(() => configFromEnv({ BLOQUEO_INACTIVIDAD_MIN: wrong })).toThrow(/BLOQUEO_INACTIVIDAD_MIN/);
    }
  });
});

describe('a person deleted while their device was away', () => {
  it('gets a revoked answer on that device’s next check, not a plain ended session', async () => {
    const p = await gw.createUser();
    const device = await gw.client().signIn(p.email, p.password);
    const asAdmin = await gw.client().signIn(admin.email, admin.password);
    expect((await asAdmin.json('DELETE', `/api/users/${p.id}`)).status).toBe(200);

    const answer = (await device.json('GET', '/api/check-auth')).body;
    expect(answer).toEqual({ success: false, authenticated: false, mensaje: SESSION_REVOKED, revocada: true });
    // Every later contact says the same until the session expires: the device may reach /db first.
    expect((await device.fetch('/db/captaciones/_changes')).status).toBe(401);
    expect((await device.json('GET', '/api/check-auth')).body.revocada).toBe(true);
  });

  it('a password change only ends the other sessions: their devices keep their data', async () => {
    const p = await gw.createUser();
    const device = await gw.client().signIn(p.email, p.password);
    const asAdmin = await gw.client().signIn(admin.email, admin.password);
    const changed = await asAdmin.json('PUT', `/api/users/${p.id}/password`, { password_nueva: 'Otra-contraseña-2', confirmar_password: 'Otra-contraseña-2' });
    expect(changed.status).toBe(200);
    const answer = (await device.json('GET', '/api/check-auth')).body;
    expect(answer).toEqual({ success: false, authenticated: false, mensaje: NO_SESSION });
  });
});
