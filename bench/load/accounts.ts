/**
 * The people a benchmark signs in as, written before any gateway process runs, through the Store
 * port with the gateway's own prefix: into the LevelDB folder of the embedded store, or into
 * Apache CouchDB, where every gateway on that prefix then reads them. Accounts are no figure of
 * any benchmark (users are made by an administrator once); their documents are what is measured.
 */
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../sync-server/src/auth/password';
import type { Config } from '../../sync-server/src/config';
import { createStore } from '../../sync-server/src/store/index';
import { UsuariosRepository } from '../../sync-server/src/usuarios/repository';

export const PASSWORD = 'Contraseña-segura-1';

export interface AccountSpec { email: string; role: string; prim_nom: string; apell_pa: string; apell_ma: string }

export interface Account {
  id: string;
  email: string;
  role: string;
  /** The name the gateway gives the session (`fullName` of the account), as the PWA stamps it. */
  nombre: string;
}

export async function createAccounts(config: Pick<Config, 'dataDir' | 'couchdbUrl' | 'dbPrefix'>, specs: AccountSpec[]): Promise<Account[]> {
  const store = await createStore(config);
  try {
    const usuarios = await UsuariosRepository.open(store);
    // One hash for all: hashing is deliberately slow, and who signs in is not what is measured.
    const password_hash = await hashPassword(PASSWORD);
    const out: Account[] = [];
    for (const s of specs) {
      const id = randomUUID();
      await usuarios.create({ _id: id, type: 'usuario', prim_nom: s.prim_nom, apell_pa: s.apell_pa, apell_ma: s.apell_ma, email: s.email, role: s.role, password_hash });
      out.push({ id, email: s.email.toLowerCase(), role: s.role, nombre: [s.prim_nom, s.apell_pa, s.apell_ma].join(' ') });
    }
    return out;
  } finally {
    await store.close();
  }
}

/** Signs in (from `address`, when the gateway trusts one proxy hop) and answers the session cookie. */
export async function signIn(url: string, email: string, address?: string): Promise<string> {
  const res = await fetch(`${url}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).at(-1);
  if (res.status !== 200 || !cookie) throw new Error(`Inicio de sesión de ${email} falló (${res.status}): ${await res.text()}`);
  return cookie;
}
