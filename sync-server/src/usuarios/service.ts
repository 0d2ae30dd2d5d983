/**
 * The users rules of the REST endpoints (spec 000 sections 5 to 7, docs/architecture.md section 6): who may
 * list, create, edit, link and delete; validation with the shared schemas; unique e-mails; the
 * hash never answered; and the link, role and delete changes made as transactions (personas/).
 */
import { randomUUID } from 'node:crypto';
import type { Empleado } from '../../../couch-design/empleado';
import { canChangeRoleOrLink, canEditUser, canManageUsers, canViewUser, DEFAULT_ROLE, isAdmin } from '../../../couch-design/roles';
import {
  adminPasswordSchema,
  linkEmpleadoSchema,
  listUsuarios,
  ownPasswordSchema,
  PERSONA_MSG,
  signupSchema,
  toPublicUser,
  toUserName,
  userCreateSchema,
  userEditSchema,
  type Usuario,
  type UsuarioNombre,
  type UsuarioPublico,
} from '../../../couch-design/usuario';
import { hashPassword, verifyPassword } from '../auth/password';
import type { PasswordChecks } from '../auth/password-attempts';
import type { AuthUser } from '../http/actor';
import { fieldError } from '../http/body';
import { HttpError } from '../http/errors';
import { assertCapability } from '../http/guards';
import type { Photo } from '../http/photo';
import { validateBody } from '../http/validate';
import type { DocRepository } from '../store/doc-repository';
import { applyFields, presentFields } from '../personas/fields';
import { PersonPhotos } from '../personas/photos';
import { EMPLEADO_LINK_FIELDS, linkedPairs } from '../personas/vinculos';
import { editPlan, joinPlans, keepAnAdminPlan, linkPlan } from '../personas/plans';
import { mustUsuario, type Personas } from '../personas/service';
import { usuarioRef, type Plan } from '../personas/transaction';
import { MSG, PERSONAS_MSG } from './messages';
import type { UsuariosRepository } from './repository';

export interface SessionRevoker {
  revokeUser(userId: string, exceptSid?: string, options?: { wipeDevices?: boolean }): Promise<number>;
}

export interface UsuariosDeps {
  usuarios: UsuariosRepository;
  empleados: DocRepository<Empleado>;
  personas: Personas;
  sessions: SessionRevoker;
  publicSignup: boolean;
  /** Counts current-password checks like sign-ins (auth/password-attempts.ts); absent for the console tool. */
  passwordChecks?: PasswordChecks;
}

export const USERS_BASE = '/api/users';

const requireAdmin = (actor: AuthUser): void => assertCapability(actor, canManageUsers, MSG.soloAdmins);

export class UsuariosService {
  private readonly photos: PersonPhotos<Usuario>;

  constructor(private readonly deps: UsuariosDeps) {
    this.photos = new PersonPhotos(deps.usuarios, USERS_BASE, { notFound: PERSONAS_MSG.usuarioNoEncontrado, stale: MSG.versionVieja });
  }

  /** Whether a visitor may register themselves ('Registro de Usuario' is offered only then). */
  get publicSignupOpen(): boolean {
    return this.deps.publicSignup;
  }

  view(doc: Usuario): UsuarioPublico {
    return toPublicUser(doc, this.photos.url(doc));
  }

  private async current(id: string): Promise<Usuario> {
    const doc = await this.deps.usuarios.get(id);
    if (!doc) throw new HttpError(404, PERSONAS_MSG.usuarioNoEncontrado);
    return doc;
  }

  /**
   * `GET /api/users`: admins only; admins first, then by first name; `search` as the list's box.
   * Each with the employee linked to it by name (`empleado_vinculado`), for 'Asociar con Usuario'.
   */
  async list(actor: AuthUser, search?: string): Promise<UsuarioPublico[]> {
    requireAdmin(actor);
    const [all, empleados] = await Promise.all([this.deps.usuarios.all(), this.deps.empleados.all({}, EMPLEADO_LINK_FIELDS)]);
    const { empleadoDe } = linkedPairs(all, empleados);
    return listUsuarios(all.map((u) => ({ ...this.view(u), empleado_vinculado: empleadoDe.get(u._id) ?? null })), search);
  }

  /** The whole record for admins and the person themselves; a name for anyone else signed in. */
  async get(actor: AuthUser, id: string): Promise<UsuarioPublico | UsuarioNombre> {
    const doc = await this.current(id);
    return canViewUser(actor, id) ? this.view(doc) : toUserName(doc);
  }

  /**
   * `POST /api/signup`. Signed out: public registration, only with PUBLIC_SIGNUP, always role
   * `user` and no link. Signed in: dashboard mode, admins only, with role and `empleado_id`.
   */
  async signup(actor: AuthUser | undefined, body: unknown): Promise<UsuarioPublico> {
    if (actor && !canManageUsers(actor.role)) throw new HttpError(403, MSG.soloAdmins);
    if (!actor && !this.deps.publicSignup) throw new HttpError(403, MSG.registroCerrado);
    const input = actor ? await validateBody(userCreateSchema, body) : { ...(await validateBody(signupSchema, body)), role: DEFAULT_ROLE, empleado_id: '', reasignar_vinculo: false };
    const { password, role, empleado_id: empleadoId, reasignar_vinculo: reasignar = false, ...fields } = input;
    if (empleadoId && !(await this.deps.empleados.get(empleadoId))) throw invalidLink();
    if (empleadoId) await this.deps.personas.assertLinkable({ empleadoId }, reasignar);
    await this.assertEmailFree(fields.email);

    const doc = {
      ...presentFields(fields),
      _id: randomUUID(),
      type: 'usuario',
      role,
      empleado_id: null,
      password_hash: await hashPassword(password),
      creado: new Date().toISOString(),
    } as Usuario;
    const saved = await this.deps.usuarios.create(doc);
    if (!(await this.emailUnique(saved.email, saved._id))) {
      // Another sign-up took the same e-mail at the same moment: give way (both may, never neither).
      await this.deps.usuarios.removeIfCurrent(saved);
      throw new HttpError(409, MSG.correoEnUso);
    }
    if (empleadoId) await this.deps.personas.linkNewUsuario(saved._id, empleadoId, reasignar);
    return this.view(await this.current(saved._id));
  }

  /**
   * `PUT /api/users/{id}`: admins edit anyone; everyone edits their own personal data, but not
   * their own role or link (403). Fields left out keep their value. A role or link change takes
   * effect on the person's next request and sync; the last admin keeps the role.
   */
  async update(actor: AuthUser, id: string, body: unknown): Promise<UsuarioPublico> {
    if (!canEditUser(actor, id)) throw new HttpError(403, MSG.soloAdmins);
    const current = await this.current(id);
    const input = await validateBody(userEditSchema(current.role), body);
    const { role, empleado_id: empleadoId, reasignar_vinculo: reasignar = false, vinculo_actual: expected, ...fields } = input;
    const admin = canChangeRoleOrLink(actor);
    const roleChange = role !== undefined && role !== current.role;
    const linkChange = empleadoId !== undefined && (empleadoId || null) !== (await this.linkOf(current));
    if (roleChange && !admin) throw new HttpError(403, MSG.propioRol);
    if (linkChange && !admin) throw new HttpError(403, MSG.propioVinculo);
    if (linkChange && empleadoId && !(await this.deps.empleados.get(empleadoId))) throw invalidLink();
    const emailChange = fields.email !== undefined && fields.email !== current.email;
    if (emailChange) await this.assertEmailFree(fields.email!, id);

    await this.deps.personas.run(async (read) => {
      const u = await mustUsuario(read, id);
      const parts: Plan[] = [];
      if (linkChange) {
        const e = empleadoId ? await read.empleado(empleadoId) : null;
        if (empleadoId && !e) throw invalidLink();
        parts.push(await linkPlan(read, u, e, { from: 'usuario', reasignar, expected }));
      }
      if (roleChange && !isAdmin(role)) parts.push(await keepAnAdminPlan(read, u, PERSONAS_MSG.ultimoAdminRol));
      parts.push(editPlan(usuarioRef(id), (doc) => applyFields(doc, { ...fields, ...(roleChange ? { role } : {}) })));
      const plan = joinPlans(...parts);
      if (roleChange) plan.affectedUsers.push(id);
      return plan;
    });

    if (emailChange && !(await this.emailUnique(fields.email!, id))) {
      await this.deps.personas.run(async () => editPlan(usuarioRef(id), (doc) => applyFields(doc, { email: current.email })));
      throw new HttpError(409, MSG.correoEnUso);
    }
    return this.view(await this.current(id));
  }

  /** `PUT /api/users/{id}/asociar-empleado` with `{empleado_id}` (empty or null unlinks): admins only. */
  async linkEmpleado(actor: AuthUser, id: string, body: unknown): Promise<UsuarioPublico> {
    if (!canChangeRoleOrLink(actor)) throw new HttpError(403, actor.id === id ? MSG.propioVinculo : MSG.soloAdmins);
    const input = await validateBody(linkEmpleadoSchema, body);
    if (input.empleado_id === undefined) {
      throw fieldError('empleado_id', PERSONA_MSG.obligatorio);
    }
    await this.deps.personas.link(id, input.empleado_id || null, input.reasignar_vinculo ?? false, input.vinculo_actual);
    return this.view(await this.current(id));
  }

  /** `DELETE /api/users/{id}`: admins only, never the last admin; the employee is unlinked and the person's sessions end. */
  async remove(actor: AuthUser, id: string): Promise<void> {
    requireAdmin(actor);
    await this.deps.personas.deleteUsuario(id);
    // Their devices are told to wipe that person's data at their next contact (auth/routes.ts).
    await this.deps.sessions.revokeUser(id, undefined, { wipeDevices: true });
  }

  /** Stores the photo as the user's attachment; answers its URL. */
  async savePhoto(actor: AuthUser, id: string, photo: Photo): Promise<string> {
    if (!canEditUser(actor, id)) throw new HttpError(403, MSG.soloAdmins);
    return this.photos.save(id, photo);
  }

  /** The photo, for admins and the person themselves; anyone else is told there is none. */
  async photo(actor: AuthUser, id: string): Promise<Buffer> {
    return this.photos.read(id, canViewUser(actor, id));
  }

  /**
   * `PUT /api/users/{id}/password`. Oneself: the current password first, other sessions end.
   * An admin for someone else: just the new one, and all of that person's sessions end.
   */
  async setPassword(actor: AuthUser, id: string, body: unknown, sessionId: string, clientIp = ''): Promise<void> {
    const own = actor.id === id;
    if (!canEditUser(actor, id)) throw new HttpError(403, MSG.soloAdmins);
    const current = await this.current(id);
    let nueva: string;
    if (own) {
      const input = await validateBody(ownPasswordSchema, body);
      const verify = () => verifyPassword(input.password_actual, current.password_hash);
      const checks = this.deps.passwordChecks;
      if (!(await (checks ? checks.check({ ip: clientIp, account: current.email }, verify) : verify()))) {
        throw fieldError('password_actual', MSG.passwordActualIncorrecta);
      }
      nueva = input.password_nueva;
    } else {
      nueva = (await validateBody(adminPasswordSchema, body)).password_nueva;
    }
    const hash = await hashPassword(nueva);
    await this.deps.personas.run(async () => editPlan(usuarioRef(id), (doc) => ({ ...doc, password_hash: hash })));
    await this.deps.sessions.revokeUser(id, own ? sessionId : undefined);
  }

  /** The employee linked to this user from either side, or null. */
  private async linkOf(u: Usuario): Promise<string | null> {
    if (u.empleado_id) return u.empleado_id;
    return (await this.deps.empleados.find({ userId: u._id }, { limit: 1, fields: ['_id'] }))[0]?._id ?? null;
  }

  private async assertEmailFree(email: string, exceptId?: string): Promise<void> {
    const other = await this.deps.usuarios.findByEmail(email);
    if (other && other._id !== exceptId) throw new HttpError(409, MSG.correoEnUso);
  }

  /** After a write: true when no other account holds the e-mail (two writers may have raced). */
  private async emailUnique(email: string, id: string): Promise<boolean> {
    return (await this.deps.usuarios.allByEmail(email)).every((u) => u._id === id);
  }
}

const invalidLink = () => fieldError('empleado_id', PERSONAS_MSG.empleadoInexistente);
