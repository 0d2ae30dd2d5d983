/**
 * The one write policy of property photos (`fotos`), for REST (`source: 'api'`) and replication
 * (`source: 'device'`):
 * - Who: people who may edit captaciones (`canEditCaptacion`) with the photo's captación in their
 *   scope (a child of captación, fotos/entity.ts: its parent decides, nothing is copied onto the
 *   photo); the captación must exist and not be deleted (removing a photo of a deleted captación
 *   is allowed: the gateway removes them anyway).
 * - What: the id says the kind and the captación (`foto:<captación>:<uuid>`,
 *   `foto-original:<captación>:<uuid>`); `type` and `captacion_id` must agree with it. Each
 *   document carries exactly its one attachment (`miniatura` or `original`), a JPEG, PNG or WebP
 *   that is one whole image judged by its header (couch-design/image-check.ts, FOTO_LIMITS: at
 *   most 1,600 px a side an original, 320 px a thumbnail, 8-bit, no EXIF or other metadata), at
 *   most 2 MB (an original) or 128 KB (a thumbnail); a stub is accepted only for the attachment
 *   the stored photo already has. A `foto`'s data follow `fotoDatosSchema`, with nothing unknown,
 *   and its `ancho`, `alto`, `bytes` and `mime` must be its original's (the gateway writes what it
 *   measured on the `foto-original`; whichever of the two comes second is compared).
 * - A deleted photo stays deleted: a live revision of an id whose winner is a tombstone (a tablet
 *   that edited it offline) is refused, and a tombstone of an id that never existed too.
 * - At most MAX_FOTOS_POR_CAPTACION photos per captación, and as many originals, across one request
 *   too (and counted again once stored: the relation's `perParent`).
 * - A deletion keeps the owner fields (`type`, `captacion_id`) for filtered feeds.
 */
import type { ChildLink } from '../entity';
import { dict, isLive, type Dict } from '../helpers/values';
import { checkImage } from '../image-check';
import { canEditCaptacion } from '../roles';
import { canSeeCaptacion } from '../scope';
import {
  refusal,
  refusingUnforeseen,
  type EntityWrite,
  type WriteDecision,
  type WriteFacts,
  type WritePolicy,
  type WriteState,
  type WriteUser,
} from '../write-policy';
import { fotoDatosSchema, fotoIssues } from './schema';
import {
  FOTO_ATTACHMENT,
  FOTO_LIMITS,
  FOTO_TYPE,
  FOTO_TYPES,
  FOTOS_MSG,
  MAX_FOTOS_POR_CAPTACION,
  MAX_MINIATURA_BYTES,
  MAX_ORIGINAL_BYTES,
  parseFotoId,
  type FotoKind,
  type ImageFact,
} from './types';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < B64.length; i++) B64_VALUE[B64.charCodeAt(i)] = i;
const B64_TEXT = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes base64 text stands for, or null when it is not base64 (no DOM, no Node in couch-design). */
export function fromBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0 || !B64_TEXT.test(text)) return null;
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const n =
      (B64_VALUE[text.charCodeAt(i)] << 18) |
      (B64_VALUE[text.charCodeAt(i + 1)] << 12) |
      ((B64_VALUE[text.charCodeAt(i + 2)] & 0x3f) << 6) |
      (B64_VALUE[text.charCodeAt(i + 3)] & 0x3f);
    if (o < out.length) out[o++] = (n >> 16) & 0xff;
    if (o < out.length) out[o++] = (n >> 8) & 0xff;
    if (o < out.length) out[o++] = n & 0xff;
  }
  return out;
}

/** Bytes base64 text of this length decodes to, at least (so a huge one is refused before decoding). */
const decodedLength = (text: string): number => Math.floor((text.length * 3) / 4) - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);

const limitOf = (kind: FotoKind): number => (kind === FOTO_TYPE ? MAX_MINIATURA_BYTES : MAX_ORIGINAL_BYTES);
const tooLargeMsg = (kind: FotoKind): string => (kind === FOTO_TYPE ? FOTOS_MSG.miniaturaGrande : FOTOS_MSG.grande);

/** The captación a write names, from its id. */
export function fotoCaptacionesNamed(doc: Dict): string[] {
  const parsed = parseFotoId(doc._id);
  return parsed ? [parsed.captacionId] : [];
}


/** What the photo's captación is, as its write needs it (`WriteFacts.parents` and `WriteFacts.children`). */
interface PhotoParent {
  /** `captacion.asesor` of its current revision (the tombstone's when deleted), '' when none. */
  asesor: string;
  deleted: boolean;
  /** Its live photo documents (both kinds), the ones accepted earlier in the request included. */
  fotos: Dict[];
}

/** What each photo's documents say its image is, by uuid: whichever of the two arrives second must agree with the first. */
function imagesOf(fotos: readonly Dict[], uuid: string): { foto?: ImageFact; original?: ImageFact } {
  const out: { foto?: ImageFact; original?: ImageFact } = {};
  for (const d of fotos) {
    const parsed = parseFotoId(d._id);
    const image = imageOf(d);
    if (parsed?.uuid === uuid && image) out[parsed.kind === FOTO_TYPE ? 'foto' : 'original'] = image;
  }
  return out;
}

function parentOf(facts: WriteFacts, captacionId: string): PhotoParent | undefined {
  const doc = facts.parents?.get(captacionId);
  if (!doc) return undefined;
  const asesor = dict(doc.captacion).asesor;
  return { asesor: typeof asesor === 'string' ? asesor : '', deleted: !isLive(doc), fotos: facts.children?.get(captacionId) ?? [] };
}

/** What the attachment's bytes are, when it brought bytes (a stub brings none). */
type Checked = { ok: true; attachment: Dict; image?: ImageFact } | { ok: false; decision: WriteDecision };

const PROBLEM_MSG = {
  'not-image': () => FOTOS_MSG.noImagen,
  'too-big': (kind: FotoKind) => (kind === FOTO_TYPE ? FOTOS_MSG.miniaturaMedidas : FOTOS_MSG.medidas),
  trap: () => FOTOS_MSG.trampa,
  metadata: () => FOTOS_MSG.metadatos,
} as const;

/** The one attachment of a photo document, checked by its bytes, as it is to be stored. */
function checkAttachment(kind: FotoKind, sent: unknown, held: Dict | null): Checked {
  const name = FOTO_ATTACHMENT[kind];
  const atts = dict(sent);
  const names = Object.keys(atts);
  if (names.length !== 1 || names[0] !== name) return { ok: false, decision: refusal(400, FOTOS_MSG.adjunto) };
  const att = dict(atts[name]);
  if (att.stub === true) {
    // Unchanged since the stored revision: the same attachment, which was checked when it came.
    const stored = dict(dict(held?._attachments)[name]);
    if (typeof att.digest !== 'string' || stored.digest !== att.digest) return { ok: false, decision: refusal(400, FOTOS_MSG.adjunto) };
    return { ok: true, attachment: { [name]: { content_type: stored.content_type, digest: stored.digest, length: stored.length, revpos: stored.revpos, stub: true } } };
  }
  if (typeof att.data !== 'string') return { ok: false, decision: refusal(400, FOTOS_MSG.adjunto) };
  if (decodedLength(att.data) > limitOf(kind)) return { ok: false, decision: refusal(413, tooLargeMsg(kind)) };
  const bytes = fromBase64(att.data);
  if (!bytes) return { ok: false, decision: refusal(400, FOTOS_MSG.noImagen) };
  const image = checkImage(bytes, FOTO_TYPES, FOTO_LIMITS[kind]);
  if (!image.ok) return { ok: false, decision: refusal(400, PROBLEM_MSG[image.problem](kind)) };
  // Stored as the type its bytes are, whatever the client declared.
  const { type, width, height } = image.image;
  return { ok: true, attachment: { [name]: { content_type: type, data: att.data } }, image: { ancho: width, alto: height, bytes: bytes.length, mime: type } };
}

const IMAGE_FIELDS = ['ancho', 'alto', 'bytes', 'mime'] as const;
const imageOf = (d: Dict): ImageFact | undefined =>
  typeof d.ancho === 'number' && typeof d.alto === 'number' && typeof d.bytes === 'number' && typeof d.mime === 'string'
    ? { ancho: d.ancho, alto: d.alto, bytes: d.bytes, mime: d.mime }
    : undefined;
const sameImage = (a: ImageFact | undefined, b: ImageFact | undefined): boolean => !a || !b || IMAGE_FIELDS.every((k) => a[k] === b[k]);

/** The fields of a `foto` that the schema checks: everything but ids, owner fields and attachments. */
const OWN_FIELDS = new Set(['_id', '_rev', '_revisions', '_deleted', '_attachments', '_conflicts', 'type', 'captacion_id', 'asesor']);
/** What the gateway writes on a `foto-original` from its bytes; a client's values are ignored. */
const MEASURED = new Set<string>(IMAGE_FIELDS);

function decide({ doc: sent }: EntityWrite, { base, winner }: WriteState, user: WriteUser, facts: WriteFacts): WriteDecision {
  const parsed = parseFotoId(sent._id);
  if (!parsed) return refusal(400, FOTOS_MSG.id);
  const { kind, captacionId, uuid } = parsed;
  const id = String(sent._id);
  const cap = parentOf(facts, captacionId);
  const held = isLive(winner) ? winner : isLive(base) ? base : null;
  if (!canEditCaptacion(user.role)) return refusal(403, FOTOS_MSG.rol);
  // Whose scope the photo is in: its captación's, a deleted one's too (its tombstone keeps the adviser).
  if (!canSeeCaptacion(user, cap?.asesor)) return refusal(404, FOTOS_MSG.alcance);

  if (sent._deleted === true) {
    // Nothing to delete: a tombstone for an id never stored would only fill the feeds.
    if (!winner && !base) return refusal(404, FOTOS_MSG.noEncontrada);
    const tombstone: Dict = { _id: id, _deleted: true, type: kind, captacion_id: captacionId };
    if (typeof sent._rev === 'string') tombstone._rev = sent._rev;
    if (sent._revisions) tombstone._revisions = sent._revisions;
    // Deleting a losing branch (base live, not the winner) resolves a conflict; anything else deletes the photo.
    const losingBranch = isLive(base) && isLive(winner) && base._rev !== winner._rev;
    return { ok: true, doc: tombstone, ...(losingBranch ? {} : { removesRecord: true }) };
  }

  if (!cap) return refusal(404, FOTOS_MSG.sinCaptacion);
  if (cap.deleted) return refusal(403, FOTOS_MSG.eliminada);
  // A deleted photo is never revived (a tablet pushing its offline edit of it): its uuid is gone.
  if (winner && !isLive(winner)) return refusal(403, FOTOS_MSG.borrada);
  if (sent.type !== kind) return refusal(400, FOTOS_MSG.tipo);
  if (sent.captacion_id !== captacionId) return refusal(400, FOTOS_MSG.captacion);

  const attachment = checkAttachment(kind, sent._attachments, held);
  if (!attachment.ok) return attachment.decision;

  const doc: Dict = { _id: id, type: kind, captacion_id: captacionId };
  const known = imagesOf(cap.fotos, uuid);
  if (kind === FOTO_TYPE) {
    const fields: Dict = {};
    for (const [k, v] of Object.entries(sent)) if (!OWN_FIELDS.has(k)) fields[k] = v;
    const { issues } = fotoIssues(fotoDatosSchema, fields, true);
    if (issues.length) return refusal(400, FOTOS_MSG.campos + issues.slice(0, 3).map((i) => `${i.param || 'foto'}: ${i.msg}`).join('; '), issues);
    if (!sameImage(imageOf(fields), known.original)) return refusal(400, FOTOS_MSG.noCoincide);
    Object.assign(doc, fields);
  } else {
    for (const k of Object.keys(sent)) if (!OWN_FIELDS.has(k) && !MEASURED.has(k)) return refusal(400, `${FOTOS_MSG.campos}${k}: campo no permitido.`);
    const measured = attachment.image ?? (held ? imageOf(held) : undefined);
    if (attachment.image && !sameImage(known.foto, attachment.image)) return refusal(400, FOTOS_MSG.noCoincide);
    if (measured) Object.assign(doc, measured);
  }

  const ids = new Set(cap.fotos.map((f) => f._id));
  if (!held && !ids.has(id)) {
    const sameKind = [...ids].filter((f) => parseFotoId(f)?.kind === kind).length;
    if (sameKind >= MAX_FOTOS_POR_CAPTACION) return refusal(403, FOTOS_MSG.maximo);
  }
  // What the next writes of this request compare with and count (accepted; stored or not, as before).
  cap.fotos.push({ _id: id, ...(imageOf(doc) ?? {}) });

  if (typeof sent._rev === 'string') doc._rev = sent._rev;
  if (sent._revisions) doc._revisions = sent._revisions;
  doc._attachments = attachment.attachment;
  return { ok: true, doc };
}

export const decideFotoWrite = refusingUnforeseen(decide, FOTOS_MSG.ilegible);

/**
 * The one photo policy, for REST and replication alike, over its relation to captación
 * (fotos/entity.ts): it reads each photo's captación and that captación's photos with their images.
 */
export function fotoWritePolicy(link: ChildLink): WritePolicy {
  const children = { database: link.database, field: link.field, byParent: link.byParent, perParent: MAX_FOTOS_POR_CAPTACION * link.docTypes.length, fields: ['ancho', 'alto', 'bytes', 'mime'] };
  return { parentsNamed: { database: link.parent, ids: fotoCaptacionesNamed, children }, decide: decideFotoWrite };
}
