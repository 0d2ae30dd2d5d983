/**
 * `npm run seed:demo` as an operator runs it, on a LevelDB folder: demo data never lands beside
 * real accounts by accident, and every run says the demo passwords are publicly known.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdministrator } from '../auth/first-admin';
import { createEmbeddedStore } from '../store/embedded';
import { npmOutcome } from '../testing/npm-script';
import { UsuariosRepository } from '../usuarios/repository';
import { accountsNotFromDemo } from './demo-guard';
import { DEMO_ACCOUNTS } from './demo-people';

const PUBLIC = 'Atención: estas contraseñas son públicamente conocidas';

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'inmo-demo-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The e-mails stored in the folder's accounts database (the seed is not running: the folder is free). */
async function emailsIn(dataDir: string): Promise<string[]> {
  const store = createEmbeddedStore(dataDir, 'inmo_');
  try {
    return (await (await UsuariosRepository.open(store)).all()).map((u) => u.email).sort();
  } finally {
    await store.close();
  }
}

const demoEmails = DEMO_ACCOUNTS.map((a) => a.email);

describe('npm run seed:demo', () => {
  it('loads a new folder, and again over its own accounts, saying each time that the passwords are public', async () => {
    const env = { DATA_DIR: path.join(folder, 'nueva') };
    for (let run = 0; run < 2; run++) {
      const { code, output } = await npmOutcome('seed:demo', [], env);
      expect(code, output).toBe(0);
      expect(output).toContain('Datos de demostración cargados');
      expect(output).toContain(PUBLIC);
    }
    expect(await emailsIn(env.DATA_DIR)).toEqual([...demoEmails].sort());
  });

  it('refuses a store holding anyone else\'s account, writing nothing, unless given --force', async () => {
    const env = { DATA_DIR: path.join(folder, 'real') };
    const store = createEmbeddedStore(env.DATA_DIR, 'inmo_');
    await createAdministrator(await UsuariosRepository.open(store), { email: 'direccion@inmobiliaria-real.mx' });
    expect(await accountsNotFromDemo(store)).toEqual(['direccion@inmobiliaria-real.mx']);
    await store.close();

    const refused = await npmOutcome('seed:demo', [], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`No se cargaron los datos de demostración: la base integrada en ${env.DATA_DIR} ya tiene 1 cuenta que no es de demostración (direccion@inmobiliaria-real.mx).`);
    expect(refused.output).toContain('Las cuentas de demostración tienen contraseñas públicamente conocidas');
    expect(refused.output).toContain('npm run seed:demo -- --force');
    expect(await emailsIn(env.DATA_DIR)).toEqual(['direccion@inmobiliaria-real.mx']);

    const forced = await npmOutcome('seed:demo', ['--force'], env);
    expect(forced.code, forced.output).toBe(0);
    expect(forced.output).toContain(PUBLIC);
    expect(await emailsIn(env.DATA_DIR)).toEqual(['direccion@inmobiliaria-real.mx', ...demoEmails].sort());
  });
});
