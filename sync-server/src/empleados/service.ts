/**
 * The employees rules of the REST endpoints (spec 000 sections 5 to 7, docs/architecture.md section 6): admins
 * list, create, edit and delete; a person sees the employee linked to their own account; bodies
 * validated with the shared schemas; the link to a user changed as a transaction (personas/).
 */
import { randomUUID } from 'node:crypto';
import {
  empleadoCreateSchema,
  empleadoEditSchema,
  ESTADOS_EMPLEADO,
  listEmpleados,
  toPublicEmpleado,
  type Empleado,
  type EmpleadoPublico,
} from '../../../couch-design/empleado';
import { canManageEmployees, canViewEmployeeProfile, canViewUser } from '../../../couch-design/roles';
import type { Usuario } from '../../../couch-design/usuario';
import type { AuthUser } from '../http/actor';
import { fieldError } from '../http/body';
import { HttpError } from '../http/errors';
import { assertCapability } from '../http/guards';
import type { Photo } from '../http/photo';
import { validateBody } from '../http/validate';
import { applyFields, presentFields } from '../personas/fields';
import { PersonPhotos } from '../personas/photos';
import { linkedPairs, USUARIO_LINK_FIELDS } from '../personas/vinculos';
import { editPlan, joinPlans, linkPlan, unlinkEmpleadoPlan } from '../personas/plans';
import type { Personas } from '../personas/service';
import { empleadoRef, type Plan } from '../personas/transaction';
import type { DocRepository } from '../store/doc-repository';
import { MSG, PERSONAS_MSG } from './messages';
import type { EmpleadosRepository } from './repository';

export interface EmpleadosDeps {
  empleados: EmpleadosRepository;
  usuarios: DocRepository<Usuario>;
  personas: Personas;
}

export const EMPLEADOS_BASE = '/api/empleados-api';

export interface ListFilter {
  search?: string;
  estado?: string;
}

const requireAdmin = (actor: AuthUser): void => assertCapability(actor, canManageEmployees, MSG.soloAdmins);

const unknownUser = () => fieldError('userId', PERSONAS_MSG.usuarioInexistente);

export class EmpleadosService {
  private readonly photos: PersonPhotos<Empleado>;

  constructor(private readonly deps: EmpleadosDeps) {
    this.photos = new PersonPhotos(deps.empleados, EMPLEADOS_BASE, { notFound: PERSONAS_MSG.empleadoNoEncontrado, stale: MSG.versionVieja });
  }

  view(doc: Empleado): EmpleadoPublico {
    return toPublicEmpleado(doc, this.photos.url(doc));
  }

  private async current(id: string): Promise<Empleado> {
    const doc = await this.deps.empleados.get(id);
    if (!doc) throw new HttpError(404, PERSONAS_MSG.empleadoNoEncontrado);
    return doc;
  }

  /**
   * `GET /api/empleados-api`: admins only; 'Activo' first, then by first name. Each with the user
   * linked to it by name (`usuario_vinculado`), so the screens that link one say whose it is.
   */
  async list(actor: AuthUser, filter: ListFilter = {}): Promise<EmpleadoPublico[]> {
    requireAdmin(actor);
    const estado = ESTADOS_EMPLEADO.find((e) => e.toLowerCase() === (filter.estado ?? '').toLowerCase());
    const [all, usuarios] = await Promise.all([this.deps.empleados.all(estado ? { estado } : {}), this.deps.usuarios.all({}, USUARIO_LINK_FIELDS)]);
    const { usuarioDe } = linkedPairs(usuarios, all);
    return listEmpleados(all.map((e) => ({ ...this.view(e), usuario_vinculado: usuarioDe.get(e._id) ?? null })), filter.search);
  }

  /** Admins, and the person whose account is linked to this employee; anyone else: not found. */
  async get(actor: AuthUser, id: string): Promise<EmpleadoPublico> {
    if (!canViewEmployeeProfile(actor, id)) throw new HttpError(404, PERSONAS_MSG.empleadoNoEncontrado);
    return this.view(await this.current(id));
  }

  /** `GET /api/empleados-api/by-user/{userId}`: the employee whose `userId` is that user. */
  async byUser(actor: AuthUser, userId: string): Promise<EmpleadoPublico> {
    const doc = canViewUser(actor, userId) ? await this.deps.empleados.findByUserId(userId) : null;
    if (!doc) throw new HttpError(404, MSG.sinEmpleado);
    return this.view(doc);
  }

  /** `POST /api/empleados-api`: admins; `userId` links a user account at once. */
  async create(actor: AuthUser, body: unknown): Promise<EmpleadoPublico> {
    requireAdmin(actor);
    const { userId, reasignar_vinculo: reasignar = false, ...fields } = await validateBody(empleadoCreateSchema, body);
    if (userId && !(await this.deps.usuarios.get(userId))) throw unknownUser();
    if (userId) await this.deps.personas.assertLinkable({ userId }, reasignar);
    const doc = {
      ...presentFields(fields),
      _id: randomUUID(),
      type: 'empleado',
      userId: null,
      creado: new Date().toISOString(),
    } as Empleado;
    const saved = await this.deps.empleados.put(doc);
    if (userId) await this.deps.personas.linkNewEmpleado(saved._id, userId, reasignar);
    return this.view(await this.current(saved._id));
  }

  /** `PUT /api/empleados-api/{id}`: admins; fields left out keep their value; `userId` relinks (null unlinks). */
  async update(actor: AuthUser, id: string, body: unknown): Promise<EmpleadoPublico> {
    requireAdmin(actor);
    const current = await this.current(id);
    const { userId, reasignar_vinculo: reasignar = false, vinculo_actual: expected, ...fields } = await validateBody(empleadoEditSchema, body);
    const linkChange = userId !== undefined && (userId || null) !== (await this.linkOf(current));
    if (linkChange && userId && !(await this.deps.usuarios.get(userId))) throw unknownUser();

    await this.deps.personas.run(async (read) => {
      const e = await read.empleado(id);
      if (!e) throw new HttpError(404, PERSONAS_MSG.empleadoNoEncontrado);
      const parts: Plan[] = [];
      if (linkChange) {
        const u = userId ? await read.usuario(userId) : null;
        if (userId && !u) throw unknownUser();
        parts.push(u ? await linkPlan(read, u, e, { from: 'empleado', reasignar, expected }) : await unlinkEmpleadoPlan(read, e, expected));
      }
      parts.push(editPlan(empleadoRef(id), (doc) => applyFields(doc, fields)));
      return joinPlans(...parts);
    });
    return this.view(await this.current(id));
  }

  /** `DELETE /api/empleados-api/{id}`: admins; the linked user is unlinked first. */
  async remove(actor: AuthUser, id: string): Promise<void> {
    requireAdmin(actor);
    await this.deps.personas.deleteEmpleado(id);
  }

  async savePhoto(actor: AuthUser, id: string, photo: Photo): Promise<string> {
    requireAdmin(actor);
    return this.photos.save(id, photo);
  }

  async photo(actor: AuthUser, id: string): Promise<Buffer> {
    return this.photos.read(id, canViewEmployeeProfile(actor, id));
  }

  /** The user linked to this employee from either side, or null. */
  private async linkOf(e: Empleado): Promise<string | null> {
    if (e.userId) return e.userId;
    return (await this.deps.usuarios.find({ empleado_id: e._id }, { limit: 1, fields: ['_id'] }))[0]?._id ?? null;
  }
}
