/**
 * Payroll rules of the REST endpoints: who reads which payslips (admins every one, everyone else
 * only those of their own linked employee, anything else answered as nonexistent), lists with the
 * shared filter and order, PDFs, and writes through the one payroll write policy.
 */
import { randomUUID } from 'node:crypto';
import { filterNominas, hasDateFilter, NOMINAS_DEFAULT_LIMIT, type Nomina } from '../../../couch-design/nomina';
import { nominaPdf, nominaPdfFileName } from '../../../couch-design/pdf';
import { canManagePayroll, type SessionUser } from '../../../couch-design/roles';
import { inNominasScope } from '../../../couch-design/scope';
import { HttpError } from '../http/errors';
import { isConflict } from '../store/port';
import { MSG } from './messages';
import { decideNomina, targetEmpleadoId, type NominaWrite } from './policy';
import type { ListQuery } from './query';
import type { NominasRepository } from './repository';

export interface NominasPage {
  nominas: Nomina[];
  /** How many payslips match (the date filter applied), however many the page holds. */
  totalRegistros: number;
}

export class NominasService {
  constructor(private readonly repo: NominasRepository) {}

  /** One employee's payslips, newest first: 20 by default, all when a date filter is set, `limite` when given. */
  async list(actor: SessionUser, empleadoId: string, q: ListQuery): Promise<NominasPage> {
    if (canManagePayroll(actor.role)) {
      if (!(await this.repo.empleado(empleadoId))) throw new HttpError(404, MSG.empleadoNotFound);
    } else if (!actor.empleado_id || actor.empleado_id !== empleadoId) {
      // Another person's employee reads exactly like one that does not exist.
      throw new HttpError(404, MSG.empleadoNotFound);
    }
    const filter = { desde: q.desde, hasta: q.hasta };
    const matching = filterNominas(await this.repo.ofEmpleado(empleadoId), filter);
    const limit = q.limite ?? (hasDateFilter(filter) ? null : NOMINAS_DEFAULT_LIMIT);
    return { nominas: limit === null ? matching : matching.slice(0, limit), totalRegistros: matching.length };
  }

  /** The payslip when it exists and this person may read it; 404 otherwise, alike. */
  async get(actor: SessionUser, id: string): Promise<Nomina> {
    const doc = await this.repo.get(id);
    if (!doc || !(canManagePayroll(actor.role) || inNominasScope(actor, doc))) throw new HttpError(404, MSG.notFound);
    return doc;
  }

  async pdf(actor: SessionUser, id: string): Promise<{ bytes: Uint8Array; fileName: string }> {
    const doc = await this.get(actor, id);
    return { bytes: await nominaPdf(doc), fileName: nominaPdfFileName(doc) };
  }

  /** `empleadoId` comes from the path; a body naming another employee is refused. */
  async create(actor: SessionUser, empleadoId: string, body: unknown): Promise<Nomina> {
    const asked = targetEmpleadoId(null, body);
    if (asked !== undefined && asked !== '' && asked !== empleadoId) {
      throw new HttpError(400, MSG.empleadoDistinto, { errors: [{ param: 'empleadoId', msg: MSG.empleadoDistinto }] });
    }
    const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body, empleadoId } : body;
    return this.write({ via: 'rest', actor, id: randomUUID(), current: null, body: fields, empleado: await this.repo.empleado(empleadoId) });
  }

  async update(actor: SessionUser, id: string, body: unknown): Promise<Nomina> {
    const current = await this.get(actor, id);
    this.checkRev(current, typeof body === 'object' && body !== null ? (body as { _rev?: unknown })._rev : undefined);
    return this.write({ via: 'rest', actor, id, current, body, empleado: await this.repo.empleado(current.empleadoId) });
  }

  async remove(actor: SessionUser, id: string, rev?: string): Promise<void> {
    const current = await this.get(actor, id);
    this.checkRev(current, rev);
    await this.write({ via: 'rest', actor, id, current, body: null, deleted: true, empleado: null });
  }

  private checkRev(current: Nomina, rev: unknown): void {
    if (typeof rev === 'string' && rev !== '' && rev !== current._rev) throw new HttpError(409, MSG.staleRev);
  }

  private async write(w: NominaWrite): Promise<Nomina> {
    const decision = decideNomina(w);
    if (!decision.ok) throw new HttpError(decision.status, decision.reason, decision.errors ? { errors: decision.errors } : {});
    try {
      const res = await this.repo.put(decision.doc);
      return { ...decision.doc, _rev: res.rev } as unknown as Nomina;
    } catch (e) {
      // Someone wrote between our read and our write: the same answer as a stale `_rev`.
      if (isConflict(e)) throw new HttpError(409, MSG.staleRev);
      throw e;
    }
  }
}
