import { randomUUID } from 'node:crypto';
import type { Usuario } from '../../../couch-design/usuario';
import { generatePassword, hashPassword } from './password';

export const DEFAULT_ADMIN_EMAIL = 'admin@inmobiliaria.local';

/** On a store with no users, creates the first admin; answers the credentials to print once. */
export async function ensureFirstAdmin(
  usuarios: { hasAnyUser(): Promise<boolean>; create(user: Usuario): Promise<Usuario> },
  opts: { email?: string; password?: string },
): Promise<{ email: string; password: string; generated: boolean } | null> {
  if (await usuarios.hasAnyUser()) return null;
  const email = opts.email ?? DEFAULT_ADMIN_EMAIL;
  const password = opts.password ?? generatePassword();
  await usuarios.create({
    _id: randomUUID(),
    type: 'usuario',
    prim_nom: 'Administrador',
    apell_pa: 'del',
    apell_ma: 'Sistema',
    email,
    role: 'administrator',
    pust: 'Administrador',
    password_hash: await hashPassword(password),
    creado: new Date().toISOString(),
  });
  return { email, password, generated: !opts.password };
}
