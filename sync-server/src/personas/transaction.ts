/**
 * Changes that span several user and employee documents (the link, which lives on both sides;
 * deleting either side; demoting or deleting an admin) made safe for two admins acting at once and
 * for several gateway processes, with nothing but CouchDB's compare-and-swap on `_rev`.
 *
 * An operation first reads what it needs and names every document it will touch (its plan), then
 * marks each of them with a short-lived lock field, in one global order, each mark a CAS write;
 * a document another operation has marked is waited for, so two operations on a shared document
 * run one after the other. With every mark held it plans again from what it holds (every change
 * of the link marks both of its sides first, so what it holds cannot move); if that plan names a
 * document it does not hold, it lets go of everything and starts again. Then it writes its steps
 * in order; the last write of each document drops the mark. Plans order their steps so every
 * prefix of them leaves the link consistent: if a gateway dies midway nothing points at a missing
 * or other document, and its marks expire.
 *
 * On a CouchDB cluster a mark counts only when a quorum of copies confirmed it (201, not 202),
 * and the marks a race left behind as extra leaves are settled (raced-leaves.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Empleado } from '../../../couch-design/empleado';
import type { Usuario } from '../../../couch-design/usuario';
import { HttpError } from '../http/errors';
import type { DocRepository } from '../store/doc-repository';
import type { StoreDoc } from '../store/port';
import { dropLeaves, liveLeaves } from './raced-leaves';

export type Kind = 'usuario' | 'empleado';
export interface Ref { kind: Kind; id: string }
export type PersonDoc = Usuario | Empleado;

/** One write of a plan: the new document from the current one, or 'delete'. */
export interface Step { ref: Ref; change: (current: PersonDoc) => PersonDoc | 'delete' }

export interface Plan {
  /** Every document the steps read or write; all must exist. */
  lock: Ref[];
  steps: Step[];
  /** Users whose session or replication scope the plan changes. */
  affectedUsers: string[];
}

/** What a plan may read: documents by id (the same object within one attempt) and both directions of the link. */
export interface Reader {
  usuario(id: string): Promise<Usuario | null>;
  empleado(id: string): Promise<Empleado | null>;
  /** Employees linked to this user, from either side. */
  empleadosDe(u: Usuario): Promise<Empleado[]>;
  /** Users linked to this employee, from either side. */
  usuariosDe(e: Empleado): Promise<Usuario[]>;
  adminIds(): Promise<string[]>;
}

export interface PersonRepositories {
  usuarios: DocRepository<Usuario> & { adminIds(): Promise<string[]> };
  empleados: DocRepository<Empleado>;
}

export const LOCK_FIELD = 'vinculo_en_curso';
interface LockMark { op: string; hasta: number }

export const BUSY = 'Otra persona está modificando estos datos en este momento; intente de nuevo.';

/** Long enough for any plan's few writes, short enough that a dead gateway's marks do not last. */
const LOCK_TTL_MS = 15_000;
const DEADLINE_MS = 10_000;
/** Bound on how many linked documents a plan looks at: the link is one-to-one, more is damage. */
const MAX_PARTNERS = 20;

const keyOf = (r: Ref): string => `${r.kind}:${r.id}`;
const markOf = (doc: PersonDoc): LockMark | undefined => (doc as unknown as Record<string, LockMark | undefined>)[LOCK_FIELD];
const withMark = (doc: PersonDoc, mark: LockMark | undefined): PersonDoc => {
  const next = { ...doc } as unknown as Record<string, unknown>;
  if (mark) next[LOCK_FIELD] = mark;
  else delete next[LOCK_FIELD];
  return next as unknown as PersonDoc;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Retry extends Error {
  constructor(readonly wait: boolean) {
    super('retry');
  }
}

class CachedReader implements Reader {
  readonly cache = new Map<string, PersonDoc | null>();
  constructor(private readonly repos: PersonRepositories, seed?: Map<string, PersonDoc>) {
    for (const [k, v] of seed ?? []) this.cache.set(k, v);
  }

  private async load<T extends PersonDoc>(ref: Ref): Promise<T | null> {
    const k = keyOf(ref);
    if (!this.cache.has(k)) {
      const repo = ref.kind === 'usuario' ? this.repos.usuarios : this.repos.empleados;
      this.cache.set(k, await repo.get(ref.id));
    }
    return (this.cache.get(k) as T | null) ?? null;
  }

  usuario(id: string) {
    return this.load<Usuario>({ kind: 'usuario', id });
  }
  empleado(id: string) {
    return this.load<Empleado>({ kind: 'empleado', id });
  }

  empleadosDe(u: Usuario): Promise<Empleado[]> {
    return this.linked<Empleado>({ kind: 'empleado', id: u.empleado_id }, { userId: u._id });
  }

  usuariosDe(e: Empleado): Promise<Usuario[]> {
    return this.linked<Usuario>({ kind: 'usuario', id: e.userId }, { empleado_id: e._id });
  }

  /** The documents of `other.kind` on the other side of the link: the one this side names (`other.id`), and those naming it (`naming`). */
  private async linked<T extends PersonDoc>(other: { kind: Kind; id?: string | null }, naming: Record<string, string>): Promise<T[]> {
    const ids = new Set<string>();
    if (other.id) ids.add(other.id);
    const repo = other.kind === 'usuario' ? this.repos.usuarios : this.repos.empleados;
    for (const d of await repo.find(naming, { limit: MAX_PARTNERS, fields: ['_id'] })) ids.add(d._id);
    const docs: Array<T | null> = await Promise.all([...ids].map((id) => this.load<T>({ kind: other.kind, id })));
    return docs.filter((d): d is T => d !== null);
  }

  adminIds() {
    return this.repos.usuarios.adminIds();
  }
}

export class PersonTransactions {
  constructor(private readonly repos: PersonRepositories) {}

  private repo(kind: Kind): DocRepository<PersonDoc> {
    return kind === 'usuario' ? this.repos.usuarios : this.repos.empleados;
  }

  /**
   * Runs `plan` until it applies on documents nobody else is changing; answers the final
   * documents it wrote (by `kind:id`) and the users it affected. `plan` may throw an HttpError
   * (a missing document, the last admin): then nothing is written.
   */
  async run(plan: (read: Reader) => Promise<Plan>): Promise<{ docs: Map<string, PersonDoc | null>; affectedUsers: string[] }> {
    const op = randomUUID();
    const raced = new Map<string, Ref>();
    try {
      return await this.attempts(op, plan, raced);
    } finally {
      await this.tidyRaced(op, [...raced.values()]);
    }
  }

  private async attempts(op: string, plan: (read: Reader) => Promise<Plan>, raced: Map<string, Ref>): Promise<{ docs: Map<string, PersonDoc | null>; affectedUsers: string[] }> {
    const deadline = Date.now() + DEADLINE_MS;
    for (let attempt = 0; ; attempt++) {
      if (Date.now() > deadline) throw new HttpError(409, BUSY);
      const first = await plan(new CachedReader(this.repos));
      const held = new Map<string, PersonDoc>();
      try {
        const refs = uniqueRefs(first.lock);
        await this.lockAll(op, refs, held, deadline, raced);
        // Plan again from the documents now held: the link may have moved between read and lock.
        const again = await plan(new CachedReader(this.repos, held));
        if (uniqueRefs(again.lock).some((r) => !held.has(keyOf(r)))) throw new Retry(false);
        const docs = await this.apply(op, again.steps, held);
        // Documents held but not written (the other admin kept, partners left as they were).
        await this.releaseAll(op, held);
        await this.dropStrays(op, refs, docs);
        return { docs, affectedUsers: [...new Set(again.affectedUsers)] };
      } catch (e) {
        await this.releaseAll(op, held);
        if (!(e instanceof Retry)) throw e;
        if (e.wait) await sleep(10 + Math.random() * Math.min(200, 20 * (attempt + 1)));
      }
    }
  }

  /**
   * Marks the documents one by one in the global order, each as read now. A document marked by
   * another operation is waited for while keeping the marks already taken: every operation marks
   * in the same order, so no two can wait on each other, and a dead gateway's marks expire.
   */
  private async lockAll(op: string, refs: Ref[], held: Map<string, PersonDoc>, deadline: number, raced: Map<string, Ref>): Promise<void> {
    for (const ref of refs) {
      for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
        if (Date.now() > deadline) throw new HttpError(409, BUSY);
        const leaves = (await liveLeaves(this.repo(ref.kind).db, ref.id)) as unknown as PersonDoc[];
        if (leaves.length === 0 || leaves[0].type !== ref.kind) throw new Retry(false);
        if (leaves.length > 1) {
          raced.set(keyOf(ref), ref);
          await this.settleRacedLeaves(op, ref.kind, leaves);
          await sleep(wait + Math.random() * wait);
          continue;
        }
        const current = leaves[0];
        const mark = markOf(current);
        if (mark && mark.op !== op && mark.hasta > Date.now()) {
          await sleep(wait + Math.random() * wait);
          continue;
        }
        const saved = await this.repo(ref.kind).putIfConfirmed(withMark(current, { op, hasta: Date.now() + LOCK_TTL_MS }));
        if (saved) {
          held.set(keyOf(ref), saved);
          break;
        }
        raced.set(keyOf(ref), ref);
      }
    }
  }

  private async apply(op: string, steps: Step[], held: Map<string, PersonDoc>): Promise<Map<string, PersonDoc | null>> {
    const last = new Map<string, number>();
    steps.forEach((s, i) => last.set(keyOf(s.ref), i));
    const written = new Map<string, PersonDoc | null>();
    for (const [i, step] of steps.entries()) {
      const k = keyOf(step.ref);
      const repo = this.repo(step.ref.kind);
      let current = held.get(k);
      if (!current) throw new Error(`Paso sobre un documento no bloqueado: ${k}`);
      for (let attempt = 0; ; attempt++) {
        const change = step.change(current);
        const isLast = last.get(k) === i;
        if (change === 'delete') {
          if (await repo.removeIfCurrent(current)) {
            held.delete(k);
            written.set(k, null);
            break;
          }
        } else {
          const saved = await repo.putIfCurrent(withMark(change, isLast ? undefined : markOf(current)));
          if (saved) {
            if (isLast) held.delete(k);
            else held.set(k, saved);
            written.set(k, saved);
            break;
          }
        }
        // Someone wrote a field the plan does not own (a profile edit, the scope epoch): read
        // again and re-apply, as long as the mark is still ours (on a cluster, our leaf may not
        // be the winner while a raced stray is: raced-leaves.ts).
        const leaves = (await liveLeaves(repo.db, step.ref.id)) as unknown as PersonDoc[];
        const fresh = leaves.find((l) => markOf(l)?.op === op && markOf(l)!.hasta > Date.now());
        if (!fresh || attempt >= 5) {
          held.delete(k);
          throw new HttpError(409, BUSY);
        }
        current = fresh;
        held.set(k, fresh);
      }
    }
    return written;
  }

  /**
   * Several live leaves while marking (raced marks on a cluster, raced-leaves.ts). A live foreign
   * mark is waited for like any mark; our own marks there were refused, so they are expired at
   * once (not deleted: two refused operations deleting their own at once would leave no live
   * leaf) and nobody waits on them. With no live foreign mark left, the best leaf that is real data
   * stays (CouchDB's winner among plain conflicting edits) and every other leaf goes.
   */
  private async settleRacedLeaves(op: string, kind: Kind, leaves: PersonDoc[]): Promise<void> {
    const db = this.repo(kind).db;
    const now = Date.now();
    const expired = (l: PersonDoc): boolean => (markOf(l)?.hasta ?? Infinity) <= now;
    const own = (l: PersonDoc): boolean => markOf(l)?.op === op && !expired(l);
    if (leaves.some((l) => markOf(l) && markOf(l)!.op !== op && !expired(l))) {
      const ours = leaves.filter(own).map((l) => withMark(l, { op, hasta: 0 }));
      await Promise.all(ours.map((l) => db.put(l as unknown as StoreDoc).catch(() => undefined)));
      return;
    }
    // Leaves come winner first: keep the best one that is real data, or the winner when none is.
    const keep = leaves.find((l) => !own(l) && !expired(l)) ?? leaves[0];
    await dropLeaves(db, leaves.filter((l) => l !== keep) as unknown as StoreDoc[]);
  }

  /**
   * A mark refused while ours was held may still reach a copy of the document afterwards on a
   * cluster (raced-leaves.ts): another live leaf carrying a foreign mark is a stray, and so is any
   * live leaf of a document this operation deleted.
   */
  private async dropStrays(op: string, refs: Ref[], written: Map<string, PersonDoc | null>): Promise<void> {
    await Promise.all(
      refs.map(async (ref) => {
        const db = this.repo(ref.kind).db;
        const leaves = (await liveLeaves(db, ref.id).catch(() => [])) as unknown as PersonDoc[];
        const deleted = written.get(keyOf(ref)) === null;
        if (!deleted && leaves.length < 2) return;
        const strays = leaves.filter((l) => deleted || (markOf(l) !== undefined && markOf(l)!.op !== op));
        await dropLeaves(db, strays as unknown as StoreDoc[]);
      }),
    );
  }

  /**
   * Our refused or expired marks left beside a leaf that is real data (unmarked: a mark is all a
   * stray adds) go when the operation ends, so no reader meets them as the winner for long. With
   * no unmarked leaf they stay: the holder or a later operation settles them.
   */
  private async tidyRaced(op: string, refs: Ref[]): Promise<void> {
    await Promise.all(
      refs.map(async (ref) => {
        const db = this.repo(ref.kind).db;
        const leaves = (await liveLeaves(db, ref.id).catch(() => [])) as unknown as PersonDoc[];
        if (leaves.length < 2 || !leaves.some((l) => !markOf(l))) return;
        const stray = (l: PersonDoc): boolean => markOf(l)?.op === op || (markOf(l)?.hasta ?? Infinity) <= Date.now();
        await dropLeaves(db, leaves.filter(stray) as unknown as StoreDoc[]);
      }),
    );
  }

  /** Drops every mark still held (best effort: an expired mark frees the document anyway). */
  private async releaseAll(op: string, held: Map<string, PersonDoc>): Promise<void> {
    for (const [k, doc] of held) {
      const kind = k.slice(0, k.indexOf(':')) as Kind;
      const repo = this.repo(kind);
      let current: PersonDoc | null = doc;
      for (let attempt = 0; current && markOf(current)?.op === op && attempt < 3; attempt++) {
        if (await repo.putIfCurrent(withMark(current, undefined)).catch(() => null)) break;
        current = await repo.get(doc._id).catch(() => null);
      }
    }
    held.clear();
  }
}

function uniqueRefs(refs: Ref[]): Ref[] {
  const byKey = new Map(refs.map((r) => [keyOf(r), r]));
  return [...byKey.keys()].sort().map((k) => byKey.get(k)!);
}

export const usuarioRef = (id: string): Ref => ({ kind: 'usuario', id });
export const empleadoRef = (id: string): Ref => ({ kind: 'empleado', id });
export { keyOf };
