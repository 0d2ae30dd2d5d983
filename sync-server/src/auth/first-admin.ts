import { randomUUID } from 'node:crypto';
import { yupIssues } from '../../../couch-design/helpers/yup-issues';
import { adminPasswordSchema, type Usuario } from '../../../couch-design/usuario';
import { generatePassword, hashPassword } from './password';

export const DEFAULT_ADMIN_EMAIL = 'admin@inmobiliaria.local';

/** An administrator just created, with the credentials to print once. */
export interface NewAdmin {
  email: string;
  password: string;
  /** True when the password was generated here (it must be shown); false when the operator gave it. */
  generated: boolean;
}

/**
 * Why `password` (ADMIN_PASSWORD) would be refused if someone typed it in the app, or null. The
 * rules are the shared ones an admin setting a password meets, so the environment is no way around them.
 */
export async function passwordProblem(password: string): Promise<string | null> {
  try {
    await adminPasswordSchema.validate({ password_nueva: password });
    return null;
  } catch (e) {
    return yupIssues(e)[0].msg;
  }
}

/** Stores a new administrator account (the only fields it needs: the rest are filled in from the app). */
export async function createAdministrator(usuarios: { create(user: Usuario): Promise<Usuario> }, opts: { email: string; password?: string }): Promise<NewAdmin & { id: string }> {
  const password = opts.password ?? generatePassword();
  const saved = await usuarios.create({
    _id: randomUUID(),
    type: 'usuario',
    prim_nom: 'Administrador',
    apell_pa: 'del',
    apell_ma: 'Sistema',
    email: opts.email,
    role: 'administrator',
    pust: 'Administrador',
    password_hash: await hashPassword(password),
    creado: new Date().toISOString(),
  });
  return { id: saved._id, email: saved.email, password, generated: !opts.password };
}

/** On a store with no users, creates the first admin; answers the credentials to print once. */
export async function ensureFirstAdmin(
  usuarios: { hasAnyUser(): Promise<boolean>; create(user: Usuario): Promise<Usuario> },
  opts: { email?: string; password?: string },
): Promise<NewAdmin | null> {
  if (await usuarios.hasAnyUser()) return null;
  return createAdministrator(usuarios, { email: opts.email ?? DEFAULT_ADMIN_EMAIL, password: opts.password });
}

/** The lines that show new credentials: the password only when nobody else knows it yet. */
export function credentialLines(admin: NewAdmin): string[] {
  return [
    `  correo:     ${admin.email}`,
    `  contraseña: ${admin.generated ? admin.password : '(la de ADMIN_PASSWORD)'}`,
    ...(admin.generated ? ['  Guárdela ahora: no se volverá a mostrar.'] : []),
  ];
}
