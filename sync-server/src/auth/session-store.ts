import { createHash } from 'node:crypto';
import session from 'express-session';
import type { RevocationReason } from '../../../couch-design/usuario';
import { FollowedCache } from '../store/followed-cache';
import type { Follower } from '../store/follower';
import { isConflict, isNotFound, type StoreDb, type StoreDoc } from '../store/port';
import { log } from '../log';

interface SessionDoc extends StoreDoc {
  type: 'sesion';
  session: session.SessionData;
  /** Epoch milliseconds; indexed so expired sessions can be purged in bulk. */
  expires: number;
  /** When the session was first stored (epoch ms): which of an account's sessions are the newest. */
  created?: number;
}

/** CouchDB ids must not start with '_', and session ids may. */
const docId = (sid: string): string => `sess:${sid}`;
const SESSION_PREFIX = 'sess:';

/**
 * The opaque id a device is known by outside the gateway (couch-design/sesion/dispositivos.ts): a
 * hash of its session's document id, so a list of devices never carries a session id, and the
 * id names one session and no other.
 */
export const deviceIdOf = (sid: string): string => createHash('sha256').update(docId(sid)).digest('hex').slice(0, 32);

/** One person's open session, as the devices list needs it (never sent as is: its sid stays here). */
export interface OpenSession {
  sid: string;
  deviceId: string;
  userId: string;
  /** Epoch ms it was first stored, when recorded. */
  created?: number;
}

/** passport keeps the signed-in person's id in the session. */
const personOf = (sess: session.SessionData | undefined): string | undefined => {
  const user = (sess as { passport?: { user?: unknown } } | undefined)?.passport?.user;
  return typeof user === 'string' ? user : undefined;
};

/** A session ended with a wipe: signed out, marked `revocada` with why, kept until it expires. */
const revoked = (doc: SessionDoc, reason: RevocationReason): SessionDoc => ({
  ...doc,
  session: { cookie: doc.session.cookie, revocada: true, ...(reason === 'cuenta' ? {} : { motivoRevocada: reason }) },
});

/** Touches rewrite a session only when its expiry moved by this much: replication polls would otherwise write per request. */
const TOUCH_GRANULARITY_MS = 60 * 60 * 1000;

type Cb<T = void> = (err?: unknown, value?: T) => void;

/**
 * express-session store on the `sesiones` database of the Store port, so a session survives a
 * gateway restart and several gateways can serve the same people. Sessions read are kept in
 * memory while the database's feed is followed (every request reads its session, a replication
 * dozens of times a minute): a session ended or rewritten by any gateway is forgotten at once, and
 * none is read from memory once the feed has been silent for a few seconds (store/follower.ts).
 */
export class StoreSessionStore extends session.Store {
  private purgeTimer?: NodeJS.Timeout;
  private readonly cache: FollowedCache<SessionDoc | null>;
  private readonly ended = new Set<(sid: string) => void>();

  constructor(
    private readonly db: StoreDb,
    private readonly defaultMaxAgeMs: number,
    follower: Follower,
  ) {
    super();
    this.cache = new FollowedCache(follower);
    this.cache.onForget((key) => {
      if (key?.startsWith(SESSION_PREFIX)) for (const l of this.ended) l(key.slice(SESSION_PREFIX.length));
    });
  }

  /** Called with the id of every session that changed or ended (on any gateway): open feeds check theirs again. */
  onSessionChange(listener: (sid: string) => void): () => void {
    this.ended.add(listener);
    return () => this.ended.delete(listener);
  }

  private expiresOf(sess: session.SessionData): number {
    const cookieExpires = sess.cookie?.expires ? new Date(sess.cookie.expires).getTime() : NaN;
    return Number.isFinite(cookieExpires) ? cookieExpires : Date.now() + this.defaultMaxAgeMs;
  }

  /** Whether the expiry moved enough to be written again. */
  private moved(sess: session.SessionData, doc: SessionDoc): boolean {
    return Math.abs(this.expiresOf(sess) - doc.expires) >= TOUCH_GRANULARITY_MS;
  }

  private async readStored(id: string): Promise<SessionDoc | null> {
    try {
      return (await this.db.get(id)) as SessionDoc;
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  private read(sid: string): Promise<SessionDoc | null> {
    return this.cache.get(docId(sid), (id) => this.readStored(id));
  }

  private async write(sid: string, sess: session.SessionData): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      // A conflict means another gateway wrote it meanwhile: read the store itself then.
      const current = attempt === 0 ? await this.read(sid) : await this.readStored(docId(sid));
      const doc: SessionDoc = { _id: docId(sid), type: 'sesion', session: sess, expires: this.expiresOf(sess), created: current?.created ?? Date.now() };
      if (current?._rev) doc._rev = current._rev;
      try {
        const res = await this.db.put(doc);
        this.cache.put(doc._id, { ...doc, _rev: res.rev });
        return;
      } catch (e) {
        if (!isConflict(e)) throw e;
        this.cache.forget(doc._id);
      }
    }
  }

  override get(sid: string, cb: Cb<session.SessionData | null>): void {
    this.read(sid).then(
      (doc) => cb(undefined, doc && doc.expires > Date.now() ? doc.session : null),
      (e) => cb(e),
    );
  }

  override set(sid: string, sess: session.SessionData, cb?: Cb): void {
    this.write(sid, sess).then(() => cb?.(), (e) => cb?.(e));
  }

  override touch(sid: string, sess: session.SessionData, cb?: Cb): void {
    // Nearly every request: nothing to write, known from memory, answered at once. express-session
    // then sends the answer whole; a touch answered later makes it hold the last byte back, so
    // the answer goes in two writes and cannot be compressed in one call (http/compression.ts).
    const known = this.cache.peek(docId(sid));
    if (known === null || (known && !this.moved(sess, known))) return cb?.();
    this.read(sid)
      .then(async (doc) => {
        // A session ended meanwhile (signed out, revoked on any gateway) is never brought back by
        // the end of a request that was under way.
        if (!doc || !this.moved(sess, doc)) return;
        await this.write(sid, sess);
      })
      .then(() => cb?.(), (e) => cb?.(e));
  }

  private async remove(sid: string): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const doc = attempt === 0 ? await this.read(sid) : await this.readStored(docId(sid));
      if (!doc?._rev) return;
      try {
        await this.db.remove(doc._id, doc._rev);
        return;
      } catch (e) {
        if (isNotFound(e)) return;
        if (!isConflict(e)) throw e;
      } finally {
        this.cache.forget(doc._id);
      }
    }
  }

  override destroy(sid: string, cb?: Cb): void {
    this.remove(sid).then(() => cb?.(), (e) => cb?.(e));
  }

  /** Deletes expired sessions in batches; returns how many were removed. */
  async purgeExpired(now = Date.now()): Promise<number> {
    let removed = 0;
    for (;;) {
      const { docs } = await this.db.find({ selector: { expires: { $lt: now } }, fields: ['_id', '_rev'], limit: 200 });
      if (docs.length === 0) return removed;
      const res = await this.db.bulkDocs(docs.map((d) => ({ _id: d._id, _rev: d._rev, _deleted: true })));
      removed += res.filter((r) => !r.error).length;
      if (docs.length < 200) return removed;
    }
  }

  /**
   * Ends every session of one person (passport keeps their id in `session.passport.user`), but
   * `exceptSid`: their account was deleted, or their password changed. Returns how many ended.
   */
  async revokeUser(userId: string, exceptSid?: string, options: { wipeDevices?: boolean; reason?: RevocationReason } = {}): Promise<number> {
    const keep = exceptSid === undefined ? null : docId(exceptSid);
    if (options.wipeDevices) return this.markRevoked(userId, keep, options.reason ?? 'cuenta');
    let removed = 0;
    // A session touched meanwhile makes its delete conflict: a few rounds catch it again.
    for (let round = 0; round < 10; round++) {
      const { docs } = await this.db.find({ selector: { 'session.passport.user': userId }, fields: ['_id', '_rev'], limit: 200 });
      const ending = docs.filter((d) => d._id !== keep);
      if (ending.length === 0) return removed;
      const res = await this.db.bulkDocs(ending.map((d) => ({ _id: d._id, _rev: d._rev, _deleted: true })));
      ending.forEach((d) => this.cache.forget(d._id));
      removed += res.filter((r) => !r.error).length;
    }
    return removed;
  }

  /**
   * Ends every session of a person but keeps each one, signed out and marked `revocada`, until it
   * expires: the device that comes back with its cookie is then told to wipe what it kept of that
   * person (auth/routes.ts), not just sent to the sign-in screen.
   */
  private async markRevoked(userId: string, keep: string | null, reason: RevocationReason): Promise<number> {
    let marked = 0;
    for (let round = 0; round < 10; round++) {
      const { docs } = await this.db.find({ selector: { 'session.passport.user': userId }, limit: 200 });
      const ending = (docs as SessionDoc[]).filter((d) => d._id !== keep);
      if (ending.length === 0) return marked;
      const res = await this.db.bulkDocs(ending.map((d) => revoked(d, reason)));
      ending.forEach((d) => this.cache.forget(d._id));
      marked += res.filter((r) => !r.error).length;
    }
    return marked;
  }

  /**
   * Ends one session of `userId` the same way ('Borrar datos de este dispositivo'). False when it
   * is not one of theirs (any more): nothing changes then.
   */
  async revokeSession(userId: string, sid: string, reason: RevocationReason): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const doc = await this.readStored(docId(sid));
      if (!doc || personOf(doc.session) !== userId) return false;
      try {
        await this.db.put(revoked(doc, reason));
        return true;
      } catch (e) {
        if (!isConflict(e)) throw e;
      } finally {
        this.cache.forget(doc._id);
      }
    }
    return false;
  }

  /** The open sessions of one person, or of everyone when `userId` is null (oldest first). */
  async openSessions(userId: string | null, now = Date.now()): Promise<OpenSession[]> {
    const { docs } = await this.db.find({
      selector: { 'session.passport.user': userId ?? { $gt: null } },
      fields: ['_id', 'created', 'expires', 'session.passport.user'],
      limit: 100_000,
    });
    return (docs as SessionDoc[])
      .flatMap((d) => {
        const person = personOf(d.session);
        if (!d._id.startsWith(SESSION_PREFIX) || !(d.expires > now) || !person) return [];
        const sid = d._id.slice(SESSION_PREFIX.length);
        return [{ sid, deviceId: deviceIdOf(sid), userId: person, ...(typeof d.created === 'number' ? { created: d.created } : {}) }];
      })
      .sort((a, b) => (a.created ?? 0) - (b.created ?? 0));
  }

  /**
   * Ends the oldest sessions of one person past the newest `keep` (by when each was created; a
   * session stored before that was recorded counts as older than any that has it). Called after
   * each sign-in, so one account can never hold more than `keep` live sessions for long.
   */
  async keepNewest(userId: string, keep: number): Promise<number> {
    const { docs } = await this.db.find({ selector: { 'session.passport.user': userId }, fields: ['_id', '_rev', 'created'], limit: 10_000 });
    if (docs.length <= keep) return 0;
    const age = (d: StoreDoc): number => (typeof d.created === 'number' ? d.created : 0);
    const ending = [...docs].sort((a, b) => age(b) - age(a)).slice(keep);
    const res = await this.db.bulkDocs(ending.map((d) => ({ _id: d._id, _rev: d._rev, _deleted: true })));
    ending.forEach((d) => this.cache.forget(d._id));
    return res.filter((r) => !r.error).length;
  }

  startPurging(intervalMs = 60 * 60 * 1000): void {
    this.purgeTimer = setInterval(() => void this.purgeExpired().catch((e) => log.error({ err: e }, 'Error al purgar sesiones')), intervalMs);
    this.purgeTimer.unref();
  }

  stopPurging(): void {
    if (this.purgeTimer) clearInterval(this.purgeTimer);
  }
}
