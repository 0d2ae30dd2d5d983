/**
 * Payroll rules of the REST endpoints: who reads which payslips (admins every one, everyone else
 * only those of their own linked employee, anything else answered as nonexistent), lists with the
 * shared filter and order, PDFs, and writes through the one payroll write policy
 * (couch-design/nomina/write-policy.ts), the policy that also refuses every replicated write.
 */
import { randomUUID } from 'node:crypto';
import { filterNominas, hasDateFilter, NOMINAS_DEFAULT_LIMIT, type Nomina } from '../../../couch-design/nomina';
import { NOMINA } from '../../../couch-design/nomina/entity';
import { nominaPdfFileName } from '../../../couch-design/pdf';
import type { PdfMaker } from '../http/pdf-pool';
import { canManagePayroll, type SessionUser } from '../../../couch-design/roles';
import { inNominasScope } from '../../../couch-design/scope';
import type { WriteState } from '../../../couch-design/write-policy';
import type { AuthUser } from '../http/actor';
import { bodyObject, checkRev, fieldError, orConflict } from '../http/body';
import { HttpError } from '../http/errors';
import { decideApiWrite } from '../policy/decide';
import type { WriteFactsReader } from '../policy/facts';
import { MSG } from './messages';
import type { ListQuery } from './query';
import type { NominasRepository } from './repository';

type Dict = Record<string, unknown>;

export interface NominasPage {
  nominas: Nomina[];
  /** How many payslips match (the date filter applied), however many the page holds. */
  totalRegistros: number;
}

export class NominasService {
  constructor(
    private readonly repo: NominasRepository,
    private readonly facts: WriteFactsReader,
    /** Makes the payslip PDF off the event loop (http/pdf-pool.ts). */
    private readonly pdfs: PdfMaker,
  ) {}

  /** One employee's payslips, newest first: 20 by default, all when a date filter is set, `limite` when given. */
  async list(actor: SessionUser, empleadoId: string, q: ListQuery): Promise<NominasPage> {
    if (canManagePayroll(actor.role)) {
      if (!(await this.repo.empleadoNombres([empleadoId])).has(empleadoId)) throw new HttpError(404, MSG.empleadoNotFound);
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

  /** The payslip's PDF; `gone` aborts when its client leaves before a PDF thread takes it. */
  async pdf(actor: SessionUser, id: string, gone?: AbortSignal): Promise<{ bytes: Uint8Array; fileName: string }> {
    const doc = await this.get(actor, id);
    return { bytes: await this.pdfs.make('nominaPdf', [doc], gone), fileName: nominaPdfFileName(doc) };
  }

  /** `empleadoId` comes from the path; a body naming another employee is refused. */
  async create(actor: AuthUser, empleadoId: string, body: unknown): Promise<Nomina> {
    const fields = bodyObject(body);
    const asked = typeof fields.empleadoId === 'string' ? fields.empleadoId.trim() : '';
    if (asked !== '' && asked !== empleadoId) {
      throw fieldError('empleadoId', MSG.empleadoDistinto);
    }
    const { _rev: _ignored, ...rest } = fields;
    return this.write(actor, { ...rest, _id: randomUUID(), empleadoId }, { base: null, winner: null });
  }

  async update(actor: AuthUser, id: string, body: unknown): Promise<Nomina> {
    const current = await this.get(actor, id);
    const fields = bodyObject(body);
    checkRev(current, fields._rev, MSG.staleRev);
    const state = { base: current as unknown as Dict, winner: current as unknown as Dict };
    return this.write(actor, { ...fields, _id: id, _rev: current._rev }, state);
  }

  async remove(actor: AuthUser, id: string, rev?: string): Promise<void> {
    const current = await this.get(actor, id);
    checkRev(current, rev, MSG.staleRev);
    const state = { base: current as unknown as Dict, winner: current as unknown as Dict };
    await this.write(actor, { _id: id, _rev: current._rev, _deleted: true }, state);
  }

  /** The shared write policy decides; a refusal becomes the HTTP answer, a lost race a 409. */
  private async write(actor: AuthUser, doc: Dict, state: WriteState): Promise<Nomina> {
    const decided = await decideApiWrite(await NOMINA.sync.loadWritePolicy(), this.facts, actor, doc, state);
    return orConflict(this.repo.put(decided.doc as unknown as Nomina), MSG.staleRev);
  }
}
