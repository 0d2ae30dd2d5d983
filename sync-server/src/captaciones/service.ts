/**
 * The captaciones rules of the REST endpoints: the role scope of docs/architecture.md section 6 on every call
 * (a supervisor reads only what they advise, and anything else is "not found", never
 * "forbidden", so ids leak nothing). What may be written, and what is stored, is the shared
 * captación write policy (couch-design/captacion/write-policy.ts), the one replication applies.
 */
import { randomUUID } from 'node:crypto';
import { adviserName } from '../../../couch-design/captacion';
import { CAPTACION } from '../../../couch-design/captacion/entity';
import { dict, type Dict } from '../../../couch-design/helpers/values';
import type { WriteState } from '../../../couch-design/write-policy';
import type { PdfFotos, PdfList } from '../../../couch-design/pdf';
import type { PdfMaker } from '../http/pdf-pool';
import { inCaptacionesScope, listedAdviser } from '../../../couch-design/scope';
import type { Actors, AuthUser } from '../http/actor';
import { bodyObject, checkRev, orConflict } from '../http/body';
import { HttpError } from '../http/errors';
import { decideApiWrite, type Decided } from '../policy/decide';
import { effectsOf, runWriteEffects } from '../policy/effects';
import type { ChildLink } from '../../../couch-design/entity';
import type { WriteFactsReader } from '../policy/facts';
import type { Store, StoreDoc } from '../store/port';
import { MSG } from './messages';
import type { RevisionRef } from './directory';
import type { ListQuery } from './query';
import type { CaptacionesRepository, StoredCaptacion } from './repository';

const asesorOf = (doc: Dict | null): unknown => dict(doc?.captacion).asesor;

/** A captación as REST answers it: the stored document plus `id` and the adviser's name. */
export type CaptacionView = StoreDoc & { id: string; asesor_nombre: string };

export interface ListResult {
  captaciones: CaptacionView[];
  paginacion: { pagina: number; paginas: number; total: number; limite: number };
}

export interface Deps {
  store: Store;
  sessionUsers: Pick<Actors, 'invalidate'>;
  repo: CaptacionesRepository;
  facts: WriteFactsReader;
  /** Its child entities (visits): they follow a captación's deletion and reassignment (policy/effects.ts). */
  children?: readonly ChildLink[];
  /** Makes the PDF off the event loop (http/pdf-pool.ts). */
  pdfs: PdfMaker;
  /** The captación's photos for its PDF (the fotos feature, composed in app.ts); no photos section without it. */
  pdfFotos?: (user: AuthUser, captacionId: string) => Promise<PdfFotos>;
  /** Lists of its child records for its PDF (the visits, composed in app.ts), read once the captación is known readable. */
  pdfLists?: (captacionId: string) => Promise<PdfList[]>;
}

export class CaptacionesService {
  constructor(private readonly deps: Deps) {}

  private get repo(): CaptacionesRepository {
    return this.deps.repo;
  }

  /**
   * One page of the list. Every write made through this gateway is in it at once (the repository
   * shows it); `written` names this person's recent writes (recent-writes.ts), which may have gone
   * through another gateway, so they are in it too.
   */
  async list(user: AuthUser, q: ListQuery, written: readonly RevisionRef[] = []): Promise<ListResult> {
    // A supervisor's list is their own, whatever `supervisor=` names (the scope rule decides).
    const asesor = listedAdviser(user, q.asesor);
    const { ids, total } = await this.repo.window({ asesor, terms: q.terms }, q.descending, (q.page - 1) * q.limit, q.limit, written);
    // The directory and the scope say the same; this re-check keeps a supervisor's answer exact even
    // if they ever disagreed.
    const docs = (await this.repo.listed(ids)).filter((d) => inCaptacionesScope(user, d));
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
    const { _id: _ignoredId, _rev: _ignoredRev, ...fields } = bodyObject(body);
    const { doc } = await this.decide(user, { ...fields, _id: randomUUID() }, { base: null, winner: null });
    return (await this.views([await this.write(doc)]))[0];
  }

  async update(user: AuthUser, id: string, body: unknown): Promise<CaptacionView> {
    const current = await this.get(user, id);
    const raw = bodyObject(body);
    checkRev(current, raw._rev, MSG.staleRev);
    const decided = await this.decide(user, { ...raw, _id: id, _rev: current._rev }, { base: current, winner: current });
    const saved = await this.write(decided.doc);
    await runWriteEffects(this.deps, effectsOf(CAPTACION), [decided]);
    return (await this.views([saved]))[0];
  }

  /** Deletes the captación; answers the deletion's revision. */
  async remove(user: AuthUser, id: string, rev?: string): Promise<string> {
    // The policy speaks first: a person who may not delete is told so whether the id exists or not.
    const current = await this.repo.get(id);
    const decided = await this.decide(user, { _id: id, _rev: current?._rev, _deleted: true }, { base: current, winner: current });
    if (!current || !inCaptacionesScope(user, current)) throw new HttpError(404, MSG.notFound);
    checkRev(current, rev, MSG.staleRev);
    const saved = await this.write(decided.doc);
    // Its photos go with it (policy/effects.ts).
    await runWriteEffects(this.deps, effectsOf(CAPTACION), [decided]);
    return saved._rev as string;
  }

  /** The captación's PDF; `gone` aborts when its client leaves before a PDF thread takes it. */
  async pdf(user: AuthUser, id: string, gone?: AbortSignal): Promise<Uint8Array> {
    const doc = await this.get(user, id);
    const [names, fotos, lists] = await Promise.all([
      this.repo.users(typeof asesorOf(doc) === 'string' ? [asesorOf(doc) as string] : []),
      this.deps.pdfFotos?.(user, id),
      this.deps.pdfLists?.(id),
    ]);
    return this.deps.pdfs.make('captacionPdf', [doc, { asesor: adviserName(asesorOf(doc), names), fotos, lists }], gone);
  }

  /** Someone wrote between our read and our write: the same answer as a stale `_rev`. The list shows the write at once (repository). */
  private write(doc: StoreDoc): Promise<StoredCaptacion> {
    return orConflict(this.repo.put(doc as StoredCaptacion), MSG.staleRev);
  }

  /** The shared write policy (the one replication applies too); a refusal becomes the HTTP answer. */
  private async decide(user: AuthUser, doc: StoreDoc, state: WriteState): Promise<Decided> {
    return decideApiWrite(await CAPTACION.sync.loadWritePolicy(), this.deps.facts, user, doc, state, MSG.notFound);
  }

  /** Adds `id` and the adviser's name, resolving every adviser of the page in one store call. */
  private async views(docs: StoreDoc[]): Promise<CaptacionView[]> {
    const ids = docs.map((d) => asesorOf(d)).filter((a): a is string => typeof a === 'string');
    const users = await this.repo.users(ids);
    return docs.map((d) => ({ ...d, id: d._id, asesor_nombre: adviserName(asesorOf(d), users) }));
  }
}
