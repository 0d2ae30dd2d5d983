/**
 * `npm run admin`'s work on a real gateway's store: a reset password ends the person's sessions
 * as an admin's reset in the app does, a created admin signs in, and bad input changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import { AccountsTool, AdminRefused } from './accounts';

const gw = gatewayForFile();
let tool: AccountsTool;
beforeAll(async () => {
  tool = await AccountsTool.open(gw.store);
});

describe('npm run admin -- reset-password', () => {
  it('sets a generated password, shown once, and ends every session of that person', async () => {
    const person = await gw.createUser({ role: 'asesor' });
    const phone = await gw.client().signIn(person.email, person.password);
    const done = await tool.resetPassword(person.email.toUpperCase());
    expect(done).toMatchObject({ email: person.email, generated: true });
    expect(done.password).toMatch(/^\S{16}$/);
    expect((await phone.json('GET', '/api/captaciones')).status).toBe(401);
    expect((await gw.client().json('POST', '/api/signin', { email: person.email, password: person.password })).status).toBe(401);
    await gw.client().signIn(person.email, done.password);
  });

  it('takes ADMIN_PASSWORD when it meets the password rules, and refuses it otherwise without changing anything', async () => {
    const person = await gw.createUser();
    await expect(tool.resetPassword(person.email, 'corta')).rejects.toThrow(new AdminRefused('ADMIN_PASSWORD no cumple las reglas de contraseña: La contraseña debe tener al menos 8 caracteres.'));
    await gw.client().signIn(person.email, person.password);
    expect(await tool.resetPassword(person.email, 'Una-clave-nueva-9')).toMatchObject({ password: 'Una-clave-nueva-9', generated: false });
    await gw.client().signIn(person.email, 'Una-clave-nueva-9');
  });

  it('says so when no account has that e-mail', async () => {
    await expect(tool.resetPassword('nadie@ejemplo.mx')).rejects.toThrow(/No hay ninguna cuenta con el correo nadie@ejemplo\.mx/);
  });
});

describe('npm run admin -- create', () => {
  it('creates an administrator on a store that already has accounts, who signs in and manages users', async () => {
    const admin = await tool.createAdmin('Directora@Ejemplo.MX');
    expect(admin).toMatchObject({ email: 'directora@ejemplo.mx', generated: true });
    const c = await gw.client().signIn('directora@ejemplo.mx', admin.password);
    expect((await c.json('GET', '/api/users')).status).toBe(200);
  });

  it('refuses an e-mail already in use (pointing to reset-password), one that is not an e-mail, and a bad ADMIN_PASSWORD', async () => {
    const person = await gw.createUser();
    await expect(tool.createAdmin(person.email)).rejects.toThrow(`npm run admin -- reset-password ${person.email}`);
    await expect(tool.createAdmin('no-es-un-correo')).rejects.toThrow(AdminRefused);
    await expect(tool.createAdmin('otra@ejemplo.mx', '1234567')).rejects.toThrow(/ADMIN_PASSWORD no cumple/);
    expect((await tool.list()).map((u) => u.email)).not.toContain('otra@ejemplo.mx');
  });
});

describe('npm run admin -- list', () => {
  it('lists every account as the app does: administrators first', async () => {
    await gw.createUser({ email: 'zeta@ejemplo.mx', role: 'user' });
    await tool.createAdmin('jefe@ejemplo.mx', 'Clave-de-jefe-1');
    const users = await tool.list();
    expect(users.map((u) => u.email)).toEqual(expect.arrayContaining(['zeta@ejemplo.mx', 'jefe@ejemplo.mx']));
    const firstNonAdmin = users.findIndex((u) => !/admin/i.test(u.role));
    expect(users.slice(firstNonAdmin).some((u) => /admin/i.test(u.role))).toBe(false);
    expect(users[0]).not.toHaveProperty('password_hash');
  });
});
