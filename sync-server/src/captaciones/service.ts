/**
 * The captaciones rules of the REST endpoints: the role scope of DESIGN section 6 on every call
 * (a supervisor reads only what they advise, and anything else is "not found", never
 * "forbidden", so ids leak nothing), who may create, edit, delete and reassign, validation with
 * the shared schema, and the gateway's stamps.
 */
import { randomUUID } from 'node:crypto';
import { adviserName, normalizeCaptacionInput, validateCaptacion } from '../../../couch-design/captacion';
import { captacionPdf } from '../../../couch-design/pdf';
import { canCreateCaptacion, canDeleteCaptacion, canEditCaptacion, canReassignCaptacion, isSupervisor } from '../../../couch-design/roles';
import { inCaptacionesScope } from '../../../couch-design/scope';
import type { AuthUser, SessionUsers } from '../auth/session-user';
import { HttpError } from '../http/errors';
import { isConflict, type Store, type StoreDoc } from '../store/port';
import { bumpScopeEpoch } from '../sync/scope-epoch';
import { MSG } from './messages';
import type { ListQuery } from './query';
import type { CaptacionesRepository } from './repository';
import { captacionTombstone, stampCaptacion } from '../../../couch-design/captacion/stamp';

type Dict = Record<string, unknown>;
const dict = (v: unknown): Dict => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Dict) : {});
const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const asesorOf = (doc: Dict | null): unknown => dict(doc?.captacion).asesor;

/** Legacy records carry an adviser object; its id is what names the person. */
function asesorKey(v: unknown): string {
  if (isBlank(v)) return '';
  if (typeof v === 'string') return v;
  const o = dict(v);
  return String(o._id ?? o.id ?? JSON.stringify(v));
}

/** A captación as REST answers it: the stored document plus `id` and the adviser's name. */
export type CaptacionView = StoreDoc & { id: string; asesor_nombre: string };

export interface ListResult {
  captaciones: CaptacionView[];
  paginacion: { pagina: number; paginas: number; total: number; limite: number };
}

/**
 * From this offset on, pages come from the directory's ids instead of Mango's skip, which reads
 * every skipped index row (measured: 1.4 s for page 5,000 of 100,000). The first pages, page one
 * above all, are read straight from the index sorted by `captacion.fecha`.
 */
const DEEP_SKIP = 500;

export interface Deps {
  store: Store;
  sessionUsers: Pick<SessionUsers, 'invalidate'>;
  repo: CaptacionesRepository;
}

function invalid(issues: Array<{ param: string; msg: string }>): HttpError {
  return new HttpError(400, issues[0]?.msg ?? MSG.invalid, { errors: issues });
}

function bodyObject(body: unknown): Dict {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, MSG.badBody);
  return body as Dict;
}

export class CaptacionesService {
  constructor(private readonly deps: Deps) {}

  private get repo(): CaptacionesRepository {
    return this.deps.repo;
  }

  async list(user: AuthUser, q: ListQuery): Promise<ListResult> {
    // A supervisor's list is their own, whatever `supervisor=` names.
    const asesor = isSupervisor(user.role) ? user.id : q.asesor;
    const skip = (q.page - 1) * q.limit;
    let total: number;
    let docs: StoreDoc[];
    if (q.terms.length === 0 && skip < DEEP_SKIP) {
      [total, docs] = await Promise.all([this.repo.count({ asesor }), this.repo.page({ asesor, descending: q.descending, skip, limit: q.limit })]);
    } else {
      const page = await this.repo.window({ asesor, terms: q.terms }, q.descending, skip, q.limit);
      total = page.total;
      docs = await this.repo.getMany(page.ids);
    }
    // The index and the scope say the same; this re-check keeps a supervisor's answer exact even
    // if they ever disagreed.
    docs = docs.filter((d) => inCaptacionesScope(user, d));
    return {
      captaciones: await this.views(docs),
      paginacion: { pagina: q.page, paginas: total === 0 ? 0 : Math.ceil(total / q.limit), total, limite: q.limit },
    };
  }

  /** The captación when it exists and this person may read it; 404 otherwise, alike. */
  async get(user: AuthUser, id: string): Promise<StoreDoc> {
    const doc = await this.repo.get(id);
    if (!doc || !inCaptacionesScope(user, doc)) throw new HttpError(404, MSG.notFound);
    return doc;
  }

  async view(user: AuthUser, id: string): Promise<CaptacionView> {
    return (await this.views([await this.get(user, id)]))[0];
  }

  async create(user: AuthUser, body: unknown): Promise<CaptacionView> {
    if (!canCreateCaptacion(user.role)) throw new HttpError(403, MSG.cannotCreate);
    const input = normalizeCaptacionInput(bodyObject(body));
    const asked = input.captacion.asesor;
    let asesor: unknown = user.id;
    if (!isBlank(asked) && asesorKey(asked) !== user.id) {
      if (!canReassignCaptacion(user.role)) throw new HttpError(403, MSG.reassign);
      asesor = await this.existingAdviser(asked);
    }
    const { _id: _ignoredId, _rev: _ignoredRev, ...fields } = input;
    const doc = stampCaptacion({ ...fields, _id: randomUUID(), captacion: { ...fields.captacion, asesor } }, null, user, new Date().toISOString());
    const issues = validateCaptacion(doc, 'doc');
    if (issues.length > 0) throw invalid(issues);
    const res = await this.repo.put(doc);
    return (await this.views([{ ...doc, _rev: res.rev }]))[0];
  }

  async update(user: AuthUser, id: string, body: unknown): Promise<CaptacionView> {
    const current = await this.get(user, id);
    if (!canEditCaptacion(user.role)) throw new HttpError(403, MSG.cannotEdit);
    const raw = bodyObject(body);
    if (typeof raw._rev === 'string' && raw._rev !== '' && raw._rev !== current._rev) throw new HttpError(409, MSG.staleRev);

    const input = normalizeCaptacionInput(raw);
    const before = asesorOf(current);
    const asked = input.captacion.asesor;
    let asesor = before;
    let reassignedFrom: string | undefined;
    if (!isBlank(asked) && asesorKey(asked) !== asesorKey(before)) {
      if (!canReassignCaptacion(user.role)) throw new HttpError(403, MSG.reassign);
      asesor = await this.existingAdviser(asked);
      if (typeof before === 'string' && before !== '') reassignedFrom = before;
    }

    const { _id: _ignoredId, _rev: _ignoredRev, ...fields } = input;
    const doc = stampCaptacion(
      { ...fields, _id: id, _rev: current._rev, captacion: { ...fields.captacion, asesor } },
      current,
      user,
      new Date().toISOString(),
    );
    const issues = validateCaptacion(doc, 'doc');
    if (issues.length > 0) throw invalid(issues);
    const res = await this.write(doc);
    if (reassignedFrom) {
      // The write is done: a failed bump is logged, not turned into an error the client would retry.
      await bumpScopeEpoch(this.deps.store, reassignedFrom, this.deps.sessionUsers).catch((e) =>
        console.error('No se pudo renovar el alcance de', reassignedFrom, e),
      );
    }
    return (await this.views([{ ...doc, _rev: res.rev }]))[0];
  }

  async remove(user: AuthUser, id: string, rev?: string): Promise<void> {
    if (!canDeleteCaptacion(user.role)) throw new HttpError(403, MSG.cannotDelete);
    const current = await this.get(user, id);
    if (rev && rev !== current._rev) throw new HttpError(409, MSG.staleRev);
    await this.write(captacionTombstone(id, current._rev, asesorOf(current)));
  }

  async pdf(user: AuthUser, id: string): Promise<Uint8Array> {
    const doc = await this.get(user, id);
    const names = await this.repo.users(typeof asesorOf(doc) === 'string' ? [asesorOf(doc) as string] : []);
    return captacionPdf(doc, { asesor: adviserName(asesorOf(doc), names) });
  }

  /** Someone wrote between our read and our write: the same answer as a stale `_rev`. */
  private async write(doc: StoreDoc) {
    try {
      return await this.repo.put(doc);
    } catch (e) {
      if (isConflict(e)) throw new HttpError(409, MSG.staleRev);
      throw e;
    }
  }

  /** Admins assign advisers by user id; the person must exist. */
  private async existingAdviser(asked: unknown): Promise<string> {
    const id = asesorKey(asked);
    if (typeof asked !== 'string' || !(await this.repo.userExists(id))) {
      throw invalid([{ param: 'captacion.asesor', msg: MSG.asesorDesconocido }]);
    }
    return id;
  }

  /** Adds `id` and the adviser's name, resolving every adviser of the page in one store call. */
  private async views(docs: StoreDoc[]): Promise<CaptacionView[]> {
    const ids = docs.map((d) => asesorOf(d)).filter((a): a is string => typeof a === 'string');
    const users = await this.repo.users(ids);
    return docs.map((d) => ({ ...d, id: d._id, asesor_nombre: adviserName(asesorOf(d), users) }));
  }
}
