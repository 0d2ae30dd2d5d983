/**
 * The one write policy of captaciones, for REST (`source: 'api'`) and replication
 * (`source: 'device'`): what is refused, with which Spanish reason, and what is stored.
 *
 * - Create and edit: roles allowed by `canEditCaptacion`; delete: admins only, except the losing
 *   branch of a conflict, which any editor removes when resolving it.
 * - Deleted stays deleted: only an admin brings a deleted captación back, whether the write is
 *   a child of the deletion, of an older revision, or a new document under the same id.
 * - Same input rules on both paths: at most 1 MB, the shape the schema expects (no object where a
 *   text belongs), the shared cleaning (unknown fields out, dates, RFC, CURP) and the schema.
 *   A device's revision is stored under the device's own revision id, so it must arrive already
 *   clean: the server may not change what the person entered without a revision of its own.
 * - `captacion.asesor`: the creator on creation; only an admin sets another, and it must be an
 *   existing account. A non-admin's revision keeps the server's current adviser, so an offline
 *   edit made before a reassignment does not undo it.
 * - Stamps: REST's are the server's; a device's are checked by `serverStamp`.
 * - A deletion keeps only the owner fields (`type`, `captacion.asesor`), which filtered feeds need.
 */
import { dict, isBlank, isLive, type Dict } from '../helpers/values';
import { canDeleteCaptacion, canEditCaptacion, canReassignCaptacion, canRestoreCaptacion } from '../roles';
import { captacionesScopeKind, inCaptacionesScope } from '../scope';
import { refusal, refusingUnforeseen, type EntityWrite, type WriteDecision, type WriteFacts, type WritePolicy, type WriteState, type WriteUser } from '../write-policy';
import { normalizeCaptacionInput } from './convert';
import { captacionInputIssues } from './schema';
import { captacionTombstone, serverStamp, stampCaptacion } from './stamp';
import type { ValidationIssue } from './types';

/** The largest captación accepted, as JSON (the REST body limit, 1 MB). */
export const MAX_CAPTACION_BYTES = 1024 * 1024;

export const WRITE_MSG = {
  cannotCreate: 'Su rol no permite registrar captaciones.',
  cannotEdit: 'Su rol no permite modificar captaciones.',
  cannotDelete: 'Solo un administrador puede eliminar captaciones.',
  deleted: 'La captación fue eliminada; solo un administrador puede restaurarla.',
  scope: 'La captación no pertenece a su alcance.',
  type: "El documento debe ser una captación (type: 'captacion').",
  reassign: 'Solo un administrador puede reasignar el asesor de una captación.',
  createForOther: 'No puede registrar captaciones a nombre de otra persona.',
  asesorDesconocido: 'El asesor indicado no existe.',
  tooLarge: 'La captación excede el tamaño máximo de 1 MB.',
  invalid: 'La captación no es válida: ',
  unclean: 'La captación trae campos no permitidos o sin normalizar: ',
  unreadable: 'La captación no es válida: su contenido no se pudo leer.',
} as const;

const asesorOf = (d: Dict | null | undefined): unknown => (d ? dict(d.captacion).asesor : undefined);

/** Legacy records carry an adviser object; its id is what identifies the person. */
function asesorKey(v: unknown): string {
  if (isBlank(v)) return '';
  if (typeof v === 'string') return v;
  const o = dict(v);
  const key = o._id ?? o.id;
  return typeof key === 'string' || typeof key === 'number' ? String(key) : JSON.stringify(v);
}

/** A deletion written without owner fields is readable by whoever reads every captación. */
function inScope(user: WriteUser, d: Dict | null): boolean {
  if (!d) return true;
  if (d._deleted === true && d.type === undefined) return captacionesScopeKind(user) === 'todas';
  return inCaptacionesScope(user, d);
}

const invalid = (errors: ValidationIssue[]): WriteDecision =>
  refusal(400, WRITE_MSG.invalid + errors.slice(0, 3).map((i) => `${i.param}: ${i.msg}`).join('; '), errors);

/**
 * Whether `text` takes more than `max` bytes as UTF-8. A UTF-16 unit is at most 3 bytes, so an
 * ordinary captación (a few KB) is answered from its length without encoding it.
 */
const longerThan = (text: string, max: number): boolean => text.length * 3 > max && new TextEncoder().encode(text).length > max;

/** Fields the gateway decides whatever the device sent: the revision metadata, the stamps, the adviser. */
const SERVER_DECIDES = new Set(['_id', '_rev', '_revisions', '_deleted', '_attachments', '_conflicts', 'ultima_actualizacion', 'historial_estatus', 'captacion.asesor']);

/** Blocks holding a field of SERVER_DECIDES (`captacion`): only their fields need a path to compare. */
const DECIDED_BLOCKS = new Set([...SERVER_DECIDES].filter((p) => p.includes('.')).map((p) => p.split('.')[0]));
const serverDecides = (parts: Array<string | number>): boolean =>
  parts.length === 1 ? SERVER_DECIDES.has(parts[0] as string) : parts.length === 2 && DECIDED_BLOCKS.has(parts[0] as string) && SERVER_DECIDES.has(`${parts[0]}.${parts[1]}`);

/** A path as the refusal names it (`referencias_personales[0].nombre`) from its keys and indexes. */
const pathText = (parts: Array<string | number>): string =>
  parts.reduce<string>((acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');

/**
 * Where a device's revision differs from what the cleaning makes of it: fields the cleaning drops
 * (unknown ones) and values it rewrites. Fields it only adds (defaults) do not count. Every
 * document a device pushes goes through here, so the path is text only when it is reported.
 */
function uncleanPaths(sent: unknown, clean: unknown, parts: Array<string | number>, out: string[]): void {
  if (out.length >= 5) return;
  if (Array.isArray(sent) && Array.isArray(clean)) {
    if (sent.length !== clean.length) out.push(pathText(parts));
    else {
      for (let i = 0; i < sent.length; i++) {
        parts.push(i);
        uncleanPaths(sent[i], clean[i], parts, out);
        parts.pop();
      }
    }
    return;
  }
  const s = typeof sent === 'object' && sent !== null && !Array.isArray(sent) ? (sent as Dict) : null;
  const c = typeof clean === 'object' && clean !== null && !Array.isArray(clean) ? (clean as Dict) : null;
  if (s && c) {
    for (const key of Object.keys(s)) {
      parts.push(key);
      if (!serverDecides(parts)) {
        if (!Object.prototype.hasOwnProperty.call(c, key)) out.push(pathText(parts));
        else uncleanPaths(s[key], c[key], parts, out);
      }
      parts.pop();
    }
    return;
  }
  if (sent !== clean) out.push(pathText(parts));
}

/** The adviser ids a write names: whether they exist decides an admin's assignment. */
export function captacionUsersNamed(doc: Dict): string[] {
  // Named as the cleaning reads it: a legacy adviser object stands for its id.
  const a = normalizeCaptacionInput({ captacion: { asesor: asesorOf(doc) } }).captacion.asesor;
  return typeof a === 'string' && a !== '' ? [a] : [];
}

export const decideCaptacionWrite = refusingUnforeseen(decide, WRITE_MSG.unreadable);

function decide({ doc: sent, source, now }: EntityWrite, { base, winner }: WriteState, user: WriteUser, facts: WriteFacts): WriteDecision {
  const current = isLive(winner) ? winner : null;
  const liveBase = isLive(base) ? base : null;
  // Resolving a conflict deletes the losing branches: anyone who may edit may do that while
  // another, live revision of the captación remains. Deleting the captación itself is for admins.
  const losingBranch = !!liveBase && !!current && liveBase._rev !== current._rev;
  if (sent._deleted === true && !canDeleteCaptacion(user.role) && !(canEditCaptacion(user.role) && losingBranch)) return refusal(403, WRITE_MSG.cannotDelete);
  if (!inScope(user, winner) || !inScope(user, base)) return refusal(404, WRITE_MSG.scope);

  if (sent._deleted === true) {
    const tombstone: Dict = captacionTombstone(String(sent._id), typeof sent._rev === 'string' ? sent._rev : undefined, asesorOf(current) ?? asesorOf(base) ?? asesorOf(winner) ?? asesorOf(sent) ?? '');
    if (sent._revisions) tombstone._revisions = sent._revisions;
    return { ok: true, doc: tombstone, ...(losingBranch ? {} : { removesRecord: true }) };
  }

  const ref = liveBase ?? current;
  if (!canEditCaptacion(user.role)) return refusal(403, ref ? WRITE_MSG.cannotEdit : WRITE_MSG.cannotCreate);
  if (!canRestoreCaptacion(user.role) && ((winner && !current) || (base && !liveBase))) return refusal(403, WRITE_MSG.deleted);
  if (source === 'device' && sent.type !== 'captacion') return refusal(403, WRITE_MSG.type);
  if (longerThan(JSON.stringify(sent), MAX_CAPTACION_BYTES)) return refusal(413, WRITE_MSG.tooLarge);

  const cleaned = normalizeCaptacionInput(sent);
  const issues = captacionInputIssues(sent, cleaned);
  if (issues.length > 0) return invalid(issues);
  if (source === 'device') {
    const unclean: string[] = [];
    uncleanPaths(sent, cleaned, [], unclean);
    if (unclean.length > 0) return refusal(400, WRITE_MSG.unclean + unclean.join(', '));
  }

  const asked = cleaned.captacion.asesor;
  const exists = (a: unknown): boolean => typeof a === 'string' && facts.existingUsers.has(a);
  let asesor: unknown;
  let scopeLostBy: string | undefined;
  if (ref) {
    const held = asesorOf(current ?? ref);
    const changed = !isBlank(asked) && asesorKey(asked) !== asesorKey(asesorOf(ref));
    if (changed && !canReassignCaptacion(user.role)) return refusal(403, WRITE_MSG.reassign);
    if (changed && !exists(asked)) return invalid([{ param: 'captacion.asesor', msg: WRITE_MSG.asesorDesconocido }]);
    asesor = changed ? asked : held;
    if (changed && typeof held === 'string' && held !== '' && held !== asked) scopeLostBy = held;
  } else {
    if (!isBlank(asked) && asesorKey(asked) !== user.id) {
      if (!canReassignCaptacion(user.role)) return refusal(403, WRITE_MSG.createForOther);
      if (!exists(asked)) return invalid([{ param: 'captacion.asesor', msg: WRITE_MSG.asesorDesconocido }]);
    }
    asesor = isBlank(asked) ? user.id : asked;
  }

  const { _id: _ignoredId, _rev: _ignoredRev, ...fields } = cleaned;
  const next: Dict = { ...fields, _id: sent._id, captacion: { ...cleaned.captacion, asesor } };
  if (typeof sent._rev === 'string') next._rev = sent._rev;
  const doc: Dict =
    source === 'device'
      ? serverStamp({ ...next, ultima_actualizacion: sent.ultima_actualizacion, historial_estatus: sent.historial_estatus }, liveBase ?? current, user, now)
      : stampCaptacion(next, current, user, now, now);
  if (sent._revisions) doc._revisions = sent._revisions;
  // Clients never hold attachments (replication does not serve them): the server's own, if a
  // captación has any, pass to the new revision untouched, and a client cannot add any.
  const stubs = attachmentStubs(current ?? liveBase);
  if (stubs) doc._attachments = stubs;
  // Its new adviser gains it: children (visits) enter their scope with no revision of their own.
  const scopeGainedBy = scopeLostBy && typeof asesor === 'string' ? asesor : undefined;
  return { ok: true, doc, ...(scopeLostBy ? { scopeLostBy } : {}), ...(scopeGainedBy ? { scopeGainedBy } : {}) };
}

function attachmentStubs(doc: Dict | null): Dict | undefined {
  const atts = dict(doc?._attachments);
  const names = Object.keys(atts);
  if (names.length === 0) return undefined;
  const out: Dict = {};
  for (const name of names) {
    const a = dict(atts[name]);
    out[name] = { content_type: a.content_type, digest: a.digest, length: a.length, revpos: a.revpos, stub: true };
  }
  return out;
}

/** The one captación policy, for REST and replication alike. */
export const captacionWritePolicy = { usersNamed: captacionUsersNamed, decide: decideCaptacionWrite } satisfies WritePolicy;
