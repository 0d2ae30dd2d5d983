/**
 * The demo accounts' passwords are printed, in this repository and in its guide: loaded by mistake
 * into a firm's real data they would be a way in for anyone. So the seed refuses a store that
 * holds other people's accounts unless told `--force`, and always says what its accounts are.
 */
import { UsuariosRepository } from '../usuarios/repository';
import type { Store } from '../store/port';
import { DEMO_ACCOUNTS } from './demo-people';

export const FORCE_FLAG = '--force';

const DEMO_IDS = new Set<string>(DEMO_ACCOUNTS.map((a) => a.id));

/** E-mails of the accounts in `store` that the seed did not make (sorted). */
export async function accountsNotFromDemo(store: Store): Promise<string[]> {
  const users = await (await UsuariosRepository.open(store)).all({}, ['email']);
  return users.filter((u) => !DEMO_IDS.has(u._id)).map((u) => u.email).sort();
}

export function refusalMessage(others: string[], where: string): string {
  const shown = others.slice(0, 5).join(', ') + (others.length > 5 ? ` y ${others.length - 5} más` : '');
  return [
    `No se cargaron los datos de demostración: ${where} ya tiene ${others.length} ${others.length === 1 ? 'cuenta que no es' : 'cuentas que no son'} de demostración (${shown}).`,
    'Las cuentas de demostración tienen contraseñas públicamente conocidas (están en el código y en el README): cualquiera podría entrar con ellas.',
    'Cárguelos en una carpeta de datos aparte (por ejemplo DATA_DIR=./demo npm run seed:demo) o, si de verdad los quiere en esta base, repita con: npm run seed:demo -- --force',
  ].join('\n');
}

export const PUBLIC_PASSWORDS_WARNING =
  'Atención: estas contraseñas son públicamente conocidas (están en el código y en el README). Use estos datos solo para probar; ' +
  'no los cargue junto a datos reales ni deje estas cuentas en un servidor al que llegue otra gente.';
