/**
 * What `npm run admin` does to accounts, through the gateway's own services: a password set here
 * meets the same rules and ends the same sessions as one an administrator sets in the app, and a
 * new administrator is made as the first one is at start.
 */
import { yupIssues } from '../../../couch-design/helpers/yup-issues';
import { roleLabel } from '../../../couch-design/roles';
import { SESION } from '../../../couch-design/sesion/entity';
import { signupSchema, type UsuarioPublico } from '../../../couch-design/usuario';
import { createAdministrator, passwordProblem, type NewAdmin } from '../auth/first-admin';
import { generatePassword } from '../auth/password';
import { StoreSessionStore } from '../auth/session-store';
import { EmpleadosRepository } from '../empleados/repository';
import type { AuthUser } from '../http/actor';
import { HttpError } from '../http/errors';
import { Personas } from '../personas/service';
import { Follower } from '../store/follower';
import type { Store } from '../store/port';
import { UsuariosRepository } from '../usuarios/repository';
import { UsuariosService } from '../usuarios/service';

/** A command that cannot be done as asked; `message` is the Spanish line the operator reads. */
export class AdminRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminRefused';
  }
}

/**
 * Who acts in the services' eyes: an administrator that is no account, so "oneself" (which asks
 * for the current password and keeps the session in use) never applies.
 */
const CONSOLE: AuthUser = { id: 'consola-de-administracion', role: 'administrator', email: '', nombre: 'Consola de administración', empleado_id: null };

/** The one rule for an e-mail, the forms' (couch-design/usuario/schema.ts): answers it as stored (lower-case). */
async function checkedEmail(email: string): Promise<string> {
  try {
    return (await signupSchema.pick(['email']).validate({ email })).email;
  } catch (e) {
    throw new AdminRefused(`${yupIssues(e)[0].msg}: «${email}».`);
  }
}

/** ADMIN_PASSWORD, when given, under the rules of a password typed in the app. */
async function checkedEnvPassword(fromEnv: string | undefined): Promise<string | undefined> {
  const problem = fromEnv ? await passwordProblem(fromEnv) : null;
  if (problem) throw new AdminRefused(`ADMIN_PASSWORD no cumple las reglas de contraseña: ${problem}.`);
  return fromEnv || undefined;
}

export class AccountsTool {
  private constructor(
    private readonly usuarios: UsuariosRepository,
    private readonly service: UsuariosService,
  ) {}

  static async open(store: Store): Promise<AccountsTool> {
    const usuarios = await UsuariosRepository.open(store);
    const empleados = await EmpleadosRepository.open(store);
    const sesiones = await store.db(SESION.database);
    // Not followed: this process keeps no sessions in memory, it only deletes stored ones (and every
    // running gateway, on CouchDB, forgets them through its own feed).
    const sessions = new StoreSessionStore(sesiones, 0, new Follower(sesiones));
    // Nobody's person is cached in this process; running gateways learn of changes from the feed.
    const personas = new Personas({ usuarios, empleados, store, sessionUsers: { invalidate: () => undefined } });
    return new AccountsTool(usuarios, new UsuariosService({ usuarios, empleados, personas, sessions, publicSignup: false }));
  }

  /** Every account as the app's list shows them: administrators first, then by first name. */
  list(): Promise<UsuarioPublico[]> {
    return this.service.list(CONSOLE);
  }

  /** Sets a new password on the account of `email` and ends all its sessions; answers it to print once. */
  async resetPassword(email: string, passwordFromEnv?: string): Promise<NewAdmin> {
    const given = await checkedEnvPassword(passwordFromEnv);
    const password = given ?? generatePassword();
    const user = await this.usuarios.findByEmail(email);
    if (!user) throw new AdminRefused(`No hay ninguna cuenta con el correo ${email}. Vea las cuentas con «npm run admin -- list».`);
    try {
      await this.service.setPassword(CONSOLE, user._id, { password_nueva: password }, '');
    } catch (e) {
      if (e instanceof HttpError) throw new AdminRefused(e.mensaje);
      throw e;
    }
    return { email: user.email, password, generated: !given };
  }

  /** A new administrator account for `email` (the way back in when no administrator can sign in). */
  async createAdmin(email: string, passwordFromEnv?: string): Promise<NewAdmin> {
    const address = await checkedEmail(email);
    const password = await checkedEnvPassword(passwordFromEnv);
    const resetHint = `Para entrar con ella, fije una contraseña nueva: npm run admin -- reset-password ${address}`;
    const taken = await this.usuarios.findByEmail(address);
    if (taken) throw new AdminRefused(`Ya existe una cuenta con el correo ${address} (rol: ${roleLabel(taken.role)}). ${resetHint}`);
    const admin = await createAdministrator(this.usuarios, { email: address, password });
    // A gateway on the same CouchDB may have registered the address meanwhile, or, on a cluster,
    // the index read above answered from a copy that had not seen an account yet: give way.
    if ((await this.usuarios.allByEmail(address)).some((u) => u._id !== admin.id)) {
      const mine = await this.usuarios.get(admin.id);
      if (mine) await this.usuarios.removeIfCurrent(mine);
      throw new AdminRefused(`Otra cuenta tiene el correo ${address}; no se creó el administrador. ${resetHint}`);
    }
    return admin;
  }
}
