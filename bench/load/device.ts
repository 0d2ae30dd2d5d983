/**
 * One simulated tablet of a field agent: a real PouchDB database (memory adapter) replicating
 * with `/db/captaciones` as the PWA's sync engine does (pwa/src/lib/sync/engine.ts): a live
 * pull, a one-shot push after every local change (coalesced while one runs), failures retried
 * with a jittered backoff, and a push that makes no progress cancelled and started again. Its
 * checkpoints stay on the device, as the PWA's (pwa/src/lib/sync/checkpoints.ts): replications
 * never read or write the gateway's `_local` documents.
 *
 * Every save is a valid captación, clean as the write policy wants it and stamped on the device
 * (`ultima_actualizacion`, one more `historial_estatus` entry) as the PWA stamps a save
 * (pwa/src/features/captaciones/data/resource.ts): the gateway refuses none, and what it refuses
 * anyway is counted (`denied`, target 0).
 *
 * The device keeps a ledger of what it wrote: per captación, the marker that names the logical
 * record (in `captacion.observaciones`, a field the gateway keeps) and the content of its last
 * edit, to be compared with the server at the end.
 */
import { randomUUID } from 'node:crypto';
import { sampleCaptacion } from '../../couch-design/captacion/fixtures';
import { stampCaptacion, type Stamper } from '../../couch-design/captacion/stamp';
import { PULL_CHECKPOINT, PUSH_CHECKPOINT } from '../../pwa/src/lib/sync/checkpoints';
import { localDb, PouchDB, sessionFetch, type ClientDb } from '../../sync-server/src/testing/pouch-client';
import { COLONIAS, NOMBRES } from '../names';

/** What the device last wrote on one captación. */
export interface LedgerEntry {
  marker: string;
  edits: number;
  content: string;
}

export interface DeviceStats {
  creations: number;
  edits: number;
  pushes: number;
  pushFailures: number;
  /** Pushes cancelled because they did not finish in time (a stalled push). */
  pushStalls: number;
  /** The same for the one-shot pulls of the end of the run. */
  pullStalls: number;
  pullRestarts: number;
  /** Revisions the gateway refused (`forbidden`): valid captaciones, so the target is 0. */
  denied: number;
  /** Answers 500 and above: each fails a whole push or pull. */
  serverErrors: number;
  /** HTTP requests to /db, answered or not. */
  requests: number;
}

interface Replication {
  on(event: string, listener: (...args: any[]) => void): unknown;
  cancel(): void;
  then<R>(onFulfilled: (result: { status?: string; docs_written?: number }) => R, onRejected?: (err: unknown) => R): Promise<R>;
}

const BACKOFF = { minMs: 250, maxMs: 4_000 };
const PUSH_TIMEOUT_MS = 20_000;
/** The PWA engine's batch (pwa/src/lib/sync/engine.ts). */
const BATCH = 200;

/** After a cancel, how long a replication gets to settle before it is abandoned. */
const CANCEL_GRACE_MS = 3_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const STALLED = Symbol('sin avance');

/**
 * The outcome of a one-shot replication, or STALLED when it did not finish in `timeoutMs`; it is
 * then cancelled. A stalled replication's promise may never settle, even after `cancel()` (the
 * silent stop of issue 7 item 10), so nothing here waits on it without a limit.
 */
async function bounded(rep: Replication, timeoutMs: number): Promise<{ docs_written?: number } | typeof STALLED> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<typeof STALLED>((resolve) => {
    timer = setTimeout(() => resolve(STALLED), timeoutMs);
  });
  try {
    const result = await Promise.race([rep.then((r) => r), limit]);
    if (result === STALLED) rep.cancel();
    return result;
  } finally {
    clearTimeout(timer);
  }
}
const backoff = (attempt: number) => Math.round(Math.min(BACKOFF.maxMs, BACKOFF.minMs * 2 ** attempt) * (0.75 + Math.random() * 0.25));


/** The fields every edit changes, as one comparable string. */
export function contentOf(doc: Record<string, any>): string {
  return JSON.stringify([doc.captacion?.observaciones ?? null, doc.datos_laborales?.ingresos_mensuales ?? null]);
}

export const markerOf = (doc: Record<string, any>): string | null => /\[marca ([0-9a-f-]+)\]/.exec(String(doc.captacion?.observaciones ?? ''))?.[1] ?? null;

export class Device {
  readonly local: ClientDb = localDb();
  private readonly remote: ClientDb;
  readonly ledger = new Map<string, LedgerEntry>();
  readonly stats: DeviceStats = { creations: 0, edits: 0, pushes: 0, pushFailures: 0, pushStalls: 0, pullStalls: 0, pullRestarts: 0, denied: 0, serverErrors: 0, requests: 0 };

  private live = false;
  private pull: Replication | null = null;
  private pullAttempt = 0;
  private pullTimer: ReturnType<typeof setTimeout> | null = null;
  private pushRun: Promise<void> | null = null;
  private pushAgain = false;
  private pushAttempt = 0;
  private pushTimer: ReturnType<typeof setTimeout> | null = null;
  /** Requests to the gateway still unanswered: a stalled replication names what it waits for. */
  private readonly inFlight = new Set<{ what: string; since: number }>();
  /** The local update_seq the last push that went through started from: everything up to it is on the server. */
  pushedUpTo = -1;

  constructor(
    readonly index: number,
    /** The signed-in person: whose captaciones these are, and the name and e-mail the device stamps. */
    readonly user: { id: string } & Stamper,
    /** The gateway this device talks to (with several, each device keeps one). */
    readonly baseUrl: string,
    cookie: string,
    private readonly log: (msg: string) => void = () => undefined,
  ) {
    // `skip_setup` as the PWA's openRemoteDb: the gateway never lets a client create a database.
    const send = sessionFetch(cookie);
    const fetch = async (url: string, opts?: Parameters<typeof send>[1]) => {
      this.stats.requests++;
      const method = typeof opts?.method === 'string' ? opts.method : 'GET';
      const request = { what: `${method} ${new URL(url).pathname}`, since: Date.now() };
      this.inFlight.add(request);
      try {
        const res = (await send(url, opts)) as { status: number };
        if (res.status >= 500) this.stats.serverErrors++;
        return res;
      } finally {
        this.inFlight.delete(request);
      }
    };
    this.remote = new PouchDB(`${baseUrl}/db/captaciones`, { skip_setup: true, fetch } as unknown as PouchDB.Configuration.RemoteDatabaseConfiguration);
  }

  // --- Writing ---------------------------------------------------------------------------

  private lastTouched: string | null = null;

  /**
   * One change made by the person: now and then a new captación; more often another save of the
   * one they are working on (a correction right after saving); else an edit of an older one.
   */
  async write(): Promise<void> {
    const ids = [...this.ledger.keys()];
    const r = Math.random();
    if (!this.lastTouched || r < 0.25) this.lastTouched = await this.create();
    else if (r < 0.65) await this.edit(this.lastTouched);
    else await this.edit((this.lastTouched = ids[Math.floor(Math.random() * ids.length)]));
    this.requestPush();
  }

  private async create(): Promise<string> {
    const k = this.ledger.size;
    const marker = randomUUID();
    const i = this.index * 1000 + k;
    const doc = {
      ...sampleCaptacion({
        propietario: { nombre: `${NOMBRES[i % NOMBRES.length]} ${i} Hernández`, telefono: String(5500000000 + i) },
        propiedad: { direccion: { numero: String(1 + (i % 900)), colonia: COLONIAS[i % COLONIAS.length] } },
        captacion: { asesor: this.user.id, fecha: new Date().toISOString() },
      }),
      _id: `cap-carga-${this.index}-${k}-${marker.slice(0, 8)}`,
    };
    const entry = this.edited(doc, marker, 0);
    await this.local.put(stampCaptacion(doc, null, this.user, new Date().toISOString()) as never);
    this.ledger.set(doc._id, entry);
    this.stats.creations++;
    return doc._id;
  }

  private async edit(id: string): Promise<void> {
    const previous = this.ledger.get(id)!;
    // A pull may write the same document meanwhile: edit its newest revision.
    for (;;) {
      const base = (await this.local.get(id)) as Record<string, any>;
      const doc = { ...base };
      const entry = this.edited(doc, previous.marker, previous.edits + 1);
      try {
        // The history continues the revision being edited, as the PWA's edit form saves.
        await this.local.put(stampCaptacion(doc, base, this.user, new Date().toISOString()) as never);
        this.ledger.set(id, entry);
        this.stats.edits++;
        return;
      } catch (e) {
        if ((e as { status?: number }).status !== 409) throw e;
      }
    }
  }

  /** Applies edit number `n` to `doc` in place and answers the ledger entry it makes. */
  private edited(doc: Record<string, any>, marker: string, n: number): LedgerEntry {
    doc.captacion = { ...doc.captacion, observaciones: `Dispositivo ${this.index}, edición ${n}. [marca ${marker}]` };
    doc.datos_laborales = { ...doc.datos_laborales, ingresos_mensuales: 20_000 + n * 10 + (this.index % 10) };
    return { marker, edits: n, content: contentOf(doc) };
  }

  // --- Live sync (as the PWA) ------------------------------------------------------------

  startLive(): void {
    this.live = true;
    this.startPull();
    this.requestPush();
  }

  async stopLive(): Promise<void> {
    this.live = false;
    if (this.pullTimer) clearTimeout(this.pullTimer);
    if (this.pushTimer) clearTimeout(this.pushTimer);
    this.pullTimer = this.pushTimer = null;
    const pull = this.pull;
    this.pull = null;
    pull?.cancel();
    // A cancelled replication does not always settle (see `bounded`): wait a little, not forever.
    await Promise.race([Promise.all([pull?.then(() => undefined, () => undefined), this.pushRun?.catch(() => undefined)]), sleep(CANCEL_GRACE_MS)]);
  }

  private startPull(): void {
    if (!this.live) return;
    const pull = this.local.replicate.from(this.remote, { live: true, retry: false, batch_size: BATCH, ...PULL_CHECKPOINT }) as unknown as Replication;
    this.pull = pull;
    pull.on('paused', (err?: unknown) => {
      if (!err) this.pullAttempt = 0;
    });
    const restart = () => {
      if (this.pull !== pull || !this.live) return;
      this.pull = null;
      this.stats.pullRestarts++;
      this.pullTimer = setTimeout(() => this.startPull(), backoff(this.pullAttempt++));
    };
    pull.on('error', restart);
    // A live replication that completes without being cancelled has stopped: start it again.
    pull.then(restart, restart);
  }

  private requestPush(): void {
    if (!this.live) return;
    if (this.pushRun) {
      this.pushAgain = true;
      return;
    }
    this.pushRun = (async () => {
      do {
        this.pushAgain = false;
        await this.pushOnce();
      } while (this.pushAgain && this.live);
    })()
      .then(
        () => {
          this.pushAttempt = 0;
        },
        () => {
          this.stats.pushFailures++;
          // What did not go up stays pending: try again later, as the PWA's retry does.
          if (this.live) this.pushTimer = setTimeout(() => this.requestPush(), backoff(this.pushAttempt++));
        },
      )
      .finally(() => {
        this.pushRun = null;
      });
  }

  /** One push to completion; throws what it failed with. Answers how many revisions it wrote. */
  async pushOnce(timeoutMs = PUSH_TIMEOUT_MS): Promise<number> {
    this.stats.pushes++;
    const covers = await this.localSeq();
    const rep = this.local.replicate.to(this.remote, { batch_size: BATCH, retry: false, ...PUSH_CHECKPOINT }) as unknown as Replication;
    rep.on('denied', () => this.stats.denied++);
    const result = await bounded(rep, timeoutMs);
    if (result === STALLED) {
      this.stats.pushStalls++;
      this.log(`dispositivo ${this.index}: envío sin avance desde hace ${timeoutMs} ms; ${this.waiting()}`);
      throw new Error('El envío no avanzó a tiempo.');
    }
    this.pushedUpTo = Math.max(this.pushedUpTo, covers);
    return result.docs_written ?? 0;
  }

  /** The requests this device still waits for, with how long each has waited. */
  private waiting(): string {
    const now = Date.now();
    const list = [...this.inFlight].map((r) => `${r.what} (${now - r.since} ms)`);
    return list.length ? `esperando: ${list.join(', ')}` : 'sin peticiones pendientes al gateway';
  }

  /** The local database's update_seq now. */
  async localSeq(): Promise<number> {
    return Number((await this.local.info()).update_seq);
  }

  async pullOnce(timeoutMs = PUSH_TIMEOUT_MS): Promise<number> {
    const result = await bounded(this.local.replicate.from(this.remote, { batch_size: BATCH, retry: false, ...PULL_CHECKPOINT }), timeoutMs);
    if (result === STALLED) {
      this.stats.pullStalls++;
      this.log(`dispositivo ${this.index}: descarga sin avance desde hace ${timeoutMs} ms; ${this.waiting()}`);
      throw new Error('La descarga no avanzó a tiempo.');
    }
    return result.docs_written ?? 0;
  }

  // --- End of the run --------------------------------------------------------------------

  /**
   * One-shot push and pull until a round moves nothing, as a "Sincronizar ahora" repeated by a
   * patient person. Answers whether the device got quiet before `deadline` (epoch ms).
   */
  async finish(deadline: number): Promise<boolean> {
    await this.stopLive();
    let attempt = 0;
    while (Date.now() < deadline) {
      try {
        const left = () => Math.max(1_000, Math.min(PUSH_TIMEOUT_MS, deadline - Date.now()));
        const pushed = await this.pushOnce(left());
        const pulled = await this.pullOnce(left());
        if (pushed === 0 && pulled === 0) return true;
        attempt = 0;
      } catch {
        await sleep(backoff(attempt++));
      }
    }
    return false;
  }

  async destroy(): Promise<void> {
    await this.stopLive();
    await this.local.destroy();
  }
}
