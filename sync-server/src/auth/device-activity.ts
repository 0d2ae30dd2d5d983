/**
 * What each device (session) did last, for 'Mis dispositivos' and 'Estado del sistema'
 * (docs/architecture.md «Dispositivos»): its last contact (any signed-in request), its last
 * successful sync (a replication request answered OK), the documents of its pushes the gateway
 * refused, and a label from its User-Agent.
 *
 * Every request is noted in memory; the store is written at most once per GRANULARITY_MS per
 * device and gateway, by a background flush, never by the request: a device that syncs polls
 * dozens of times a minute, and a write each time would cost more than the requests themselves
 * (the same reasoning as the sessions' TOUCH_GRANULARITY_MS, session-store.ts). What this gateway
 * noted and has not written yet is merged into what it reads, so its own answers are fresh; another
 * gateway's are at most about a minute behind.
 *
 * Each device has its own document in `sesiones`, `disp:<device id>` (the opaque id, never the
 * session's), apart from the session's: writing the session would wake every open feed of that
 * session (sync/changes-http.ts) and conflict with express-session's own writes. It carries an
 * `expires` as sessions do, so the sessions' purge removes it once nobody uses it.
 */
import type { RequestHandler } from 'express';
import { DEVICE_ACTIVITY_TYPE } from '../../../couch-design/sesion/entity';
import { log } from '../log';
import { isConflict, type StoreDb, type StoreDoc } from '../store/port';
import { deviceLabel } from './device-label';
import { deviceIdOf } from './session-store';

/** A device's record is written at most this often (per gateway). */
export const GRANULARITY_MS = 60_000;
/** How often the background flush looks for records that are due. */
const FLUSH_EVERY_MS = 15_000;
/** Devices not heard from for this long are forgotten here (their record stays in the store). */
const FORGET_AFTER_MS = 10 * GRANULARITY_MS;
const READ_CHUNK = 200;

const ACTIVITY_PREFIX = 'disp:';
const activityDocId = (deviceId: string): string => `${ACTIVITY_PREFIX}${deviceId}`;

const ACTIVITY_TYPE = DEVICE_ACTIVITY_TYPE;

interface ActivityDoc extends StoreDoc {
  type: typeof ACTIVITY_TYPE;
  usuario: string;
  etiqueta: string;
  /** Epoch ms. */
  contacto?: number;
  sincronizado?: number;
  rechazados: number;
  /** Epoch ms; the sessions' purge removes it after (session-store.ts, purgeExpired). */
  expires: number;
}

/** What is known of one device. */
export interface DeviceRecord {
  etiqueta: string;
  contacto?: number;
  sincronizado?: number;
  rechazados: number;
}

interface Seen {
  userId: string;
  etiqueta: string;
  contacto: number;
  sincronizado?: number;
  /** Refused documents not written yet. */
  rechazados: number;
  /** What the store holds as this gateway last wrote it, and when it wrote. */
  stored?: { contacto?: number; sincronizado?: number; at: number };
}

const later = (a: number | undefined, b: number | undefined): number | undefined => (a === undefined ? b : b === undefined ? a : Math.max(a, b));

export interface DeviceActivityOptions {
  /** How long a record lives after its last write (the sessions' lifetime). */
  ttlMs: number;
  granularityMs?: number;
  flushEveryMs?: number;
}

export class DeviceActivity {
  /** By device id. */
  private readonly seen = new Map<string, Seen>();
  private readonly dirty = new Set<string>();
  private readonly granularityMs: number;
  private readonly flushEveryMs: number;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<number> | null = null;

  constructor(
    private readonly db: StoreDb,
    private readonly opts: DeviceActivityOptions,
  ) {
    this.granularityMs = opts.granularityMs ?? GRANULARITY_MS;
    this.flushEveryMs = opts.flushEveryMs ?? FLUSH_EVERY_MS;
  }

  /** A signed-in request of session `sid`. The label is the first one seen: it names the device that signed in. */
  contact(sid: string, userId: string, userAgent: string | undefined, now = Date.now()): void {
    const id = deviceIdOf(sid);
    let s = this.seen.get(id);
    if (!s || s.userId !== userId) {
      s = { userId, etiqueta: deviceLabel(userAgent), contacto: now, rechazados: 0 };
      this.seen.set(id, s);
    }
    s.contacto = now;
    if (!s.stored || now - (s.stored.contacto ?? 0) >= this.granularityMs) this.dirty.add(id);
  }

  /** A replication request of session `sid` answered OK (after its contact). */
  synced(sid: string, now = Date.now()): void {
    const id = deviceIdOf(sid);
    const s = this.seen.get(id);
    if (!s) return;
    s.sincronizado = now;
    if (!s.stored || now - (s.stored.sincronizado ?? 0) >= this.granularityMs) this.dirty.add(id);
  }

  /** Documents of a push of session `sid` that the gateway refused. */
  refused(sid: string, count: number): void {
    const id = deviceIdOf(sid);
    const s = this.seen.get(id);
    if (!s || count <= 0) return;
    s.rechazados += count;
    this.dirty.add(id);
  }

  /**
   * Writes the records that are due: noted as changed, and not written in the last
   * GRANULARITY_MS (`all`: every changed one, for a test or a stop). Answers how many it wrote.
   */
  flush({ all = false }: { all?: boolean } = {}): Promise<number> {
    const run = async (): Promise<number> => {
      const now = Date.now();
      let written = 0;
      for (const id of [...this.dirty]) {
        const s = this.seen.get(id);
        if (!s) {
          this.dirty.delete(id);
          continue;
        }
        if (!all && s.stored && now - s.stored.at < this.granularityMs) continue;
        this.dirty.delete(id);
        try {
          await this.write(id, s, now);
          written++;
        } catch (e) {
          this.dirty.add(id);
          log.warn({ err: e }, 'No se pudo guardar la actividad de un dispositivo; se intenta de nuevo más tarde.');
        }
      }
      for (const [id, s] of this.seen) if (!this.dirty.has(id) && now - s.contacto > FORGET_AFTER_MS) this.seen.delete(id);
      return written;
    };
    // One flush at a time; a forced one waits for the one under way and then runs.
    const previous = this.flushing ?? Promise.resolve(0);
    const next = previous.then(run, run).finally(() => {
      if (this.flushing === next) this.flushing = null;
    });
    this.flushing = next;
    return next;
  }

  private async write(id: string, s: Seen, now: number): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const current = await this.readOne(id);
      const delta = s.rechazados;
      const doc: ActivityDoc = {
        _id: activityDocId(id),
        ...(current?._rev ? { _rev: current._rev } : {}),
        type: ACTIVITY_TYPE,
        usuario: s.userId,
        etiqueta: current?.etiqueta ?? s.etiqueta,
        rechazados: (current?.rechazados ?? 0) + delta,
        expires: now + this.opts.ttlMs,
      };
      // Another gateway may have written newer times: the record keeps the latest of both.
      const contacto = later(current?.contacto, s.contacto);
      const sincronizado = later(current?.sincronizado, s.sincronizado);
      if (contacto !== undefined) doc.contacto = contacto;
      if (sincronizado !== undefined) doc.sincronizado = sincronizado;
      try {
        await this.db.put(doc);
      } catch (e) {
        if (isConflict(e) && attempt < 3) continue;
        throw e;
      }
      s.rechazados -= delta;
      s.stored = { contacto, sincronizado, at: now };
      if (s.rechazados > 0) this.dirty.add(id);
      return;
    }
  }

  private async readOne(id: string): Promise<ActivityDoc | null> {
    return (await this.readStored([id])).get(id) ?? null;
  }

  private async readStored(ids: readonly string[]): Promise<Map<string, ActivityDoc>> {
    const out = new Map<string, ActivityDoc>();
    for (let i = 0; i < ids.length; i += READ_CHUNK) {
      const { results } = await this.db.bulkGet(ids.slice(i, i + READ_CHUNK).map((id) => ({ id: activityDocId(id) })));
      for (const r of results) {
        for (const d of r.docs) {
          if (!('ok' in d) || d.ok._deleted || d.ok.type !== ACTIVITY_TYPE) continue;
          out.set(d.ok._id.slice(ACTIVITY_PREFIX.length), d.ok as ActivityDoc);
        }
      }
    }
    return out;
  }

  /** What is known of these devices: the stored records, with what this gateway noted since. */
  async read(deviceIds: readonly string[]): Promise<Map<string, DeviceRecord>> {
    const stored = await this.readStored(deviceIds);
    const out = new Map<string, DeviceRecord>();
    for (const id of deviceIds) {
      const doc = stored.get(id);
      const s = this.seen.get(id);
      if (!doc && !s) continue;
      const contacto = later(doc?.contacto, s?.contacto);
      const sincronizado = later(doc?.sincronizado, s?.sincronizado);
      out.set(id, {
        etiqueta: doc?.etiqueta ?? s?.etiqueta ?? deviceLabel(undefined),
        ...(contacto !== undefined ? { contacto } : {}),
        ...(sincronizado !== undefined ? { sincronizado } : {}),
        rechazados: (doc?.rechazados ?? 0) + (s?.rechazados ?? 0),
      });
    }
    return out;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.flushEveryMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Notes every signed-in request (after passport has read the session), a sign-in once it went
   * through, and a replication request (`/db`) answered OK as a sync.
   */
  middleware(): RequestHandler {
    return (req, res, next) => {
      const signedIn = !!req.user;
      if (req.user && req.sessionID) this.contact(req.sessionID, req.user.id, req.get('user-agent'));
      const replication = req.originalUrl.startsWith('/db/') || req.originalUrl === '/db';
      if (signedIn ? replication : req.method === 'POST') {
        res.once('finish', () => {
          const ok = res.statusCode >= 200 && res.statusCode < 300;
          if (!ok || !req.user || !req.sessionID) return;
          if (!signedIn) this.contact(req.sessionID, req.user.id, req.get('user-agent'));
          else this.synced(req.sessionID);
        });
      }
      next();
    };
  }
}
