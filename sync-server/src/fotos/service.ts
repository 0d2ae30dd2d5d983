/**
 * Property photos over REST (`/api/captaciones/:id/fotos`): the same write policy as `/db/fotos`
 * (couch-design/fotos/write-policy.ts), the same scope (a person reads a photo iff they may read
 * its captación). An upload is the full-size photo and its thumbnail, made by the client (the PWA
 * resizes in the browser); the gateway judges both by their headers, re-encodes them without
 * metadata off the event loop (images.ts) and stores a `foto` and its `foto-original`.
 */
import { randomUUID } from 'node:crypto';
import { CAPTACION } from '../../../couch-design/captacion/entity';
import { FOTO } from '../../../couch-design/fotos/entity';
import { fotoIssues, fotoSubidaSchema } from '../../../couch-design/fotos/schema';
import { FOTO_ATTACHMENT, FOTO_ORIGINAL_TYPE, FOTO_TYPE, FOTOS_MSG, fotoId, fotoOriginalId, MAX_MINIATURA_BYTES, MINIATURA_LADO, ORIGINAL_LADO, type FotoKind } from '../../../couch-design/fotos/types';
import { loadPdfFotos, type PdfFotos } from '../../../couch-design/pdf';
import { isLive, type Dict } from '../../../couch-design/helpers/values';
import { canEditCaptacion } from '../../../couch-design/roles';
import type { AuthUser } from '../http/actor';
import { HttpError } from '../http/errors';
import { decideApiWrite } from '../policy/decide';
import type { WriteFactsReader } from '../policy/facts';
import { effectsOf, runWriteEffects } from '../policy/effects';
import type { ParentsReader } from '../policy/parent-facts';
import type { Store, StoreDoc } from '../store/port';
import { pdfJpeg, reencodeUpload } from './images';
import type { FotosRepository } from './repository';

export const CAPTACION_NO_ENCONTRADA = 'Captación no encontrada.';

export interface FotoView {
  _id: string;
  id: string;
  captacion_id: string;
  orden: number;
  portada: boolean;
  ancho: number;
  alto: number;
  bytes: number;
  mime: string;
  tomada: string;
  /** Where the gateway serves its thumbnail and its full-size photo. */
  miniatura: string;
  original: string;
}

export interface Upload {
  original?: Buffer;
  miniatura?: Buffer;
  fields: unknown;
}

export interface FotosDeps {
  repo: FotosRepository;
  facts: WriteFactsReader;
  /** The captaciones photos belong to (policy/parent-facts.ts): who reads one reads its photos. */
  parents: ParentsReader;
  /** Where the photo's effects run (policy/effects.ts): its other leaves, its original, the maximum. */
  store: Store;
}

const uuidOf = (id: string): string => id.slice(id.lastIndexOf(':') + 1);

function view(doc: StoreDoc): FotoView {
  const captacion = String(doc.captacion_id);
  const id = uuidOf(doc._id);
  const base = `/api/captaciones/${encodeURIComponent(captacion)}/fotos/${encodeURIComponent(id)}`;
  return {
    _id: doc._id,
    id,
    captacion_id: captacion,
    orden: Number(doc.orden),
    portada: doc.portada === true,
    ancho: Number(doc.ancho),
    alto: Number(doc.alto),
    bytes: Number(doc.bytes),
    mime: String(doc.mime),
    tomada: String(doc.tomada),
    miniatura: `${base}/miniatura`,
    original: `${base}/original`,
  };
}

export class FotosService {
  constructor(private readonly deps: FotosDeps) {}

  /**
   * The captación's current revision (its tombstone when deleted) when this person reads it, told
   * by the captación itself: its photos are its children (fotos/entity.ts). Undefined otherwise.
   */
  private async captacionRead(user: AuthUser, captacionId: string): Promise<Dict | undefined> {
    const doc = (await this.deps.parents(CAPTACION.database, [captacionId])).get(captacionId);
    return doc && CAPTACION.sync.scope.inScope(user, doc) ? doc : undefined;
  }

  /** 404 unless the captación exists, is not deleted and is in this person's scope. */
  private async readableCaptacion(user: AuthUser, captacionId: string): Promise<void> {
    if (!isLive(await this.captacionRead(user, captacionId))) throw new HttpError(404, CAPTACION_NO_ENCONTRADA);
  }

  async list(user: AuthUser, captacionId: string): Promise<FotoView[]> {
    await this.readableCaptacion(user, captacionId);
    return (await this.deps.repo.ofCaptacion(captacionId)).map(view);
  }

  /**
   * The cover and thumbnails of the captación PDF (couch-design/pdf/fotos.ts), read from the store:
   * the cover from its original, the rest from their thumbnails, each turned into a small JPEG off
   * the event loop (images.ts), so jsPDF decodes nothing. The caller has checked the captación,
   * which decides who reads its photos.
   */
  async pdfFotos(_user: AuthUser, captacionId: string): Promise<PdfFotos> {
    const fotos = await this.deps.repo.ofCaptacion(captacionId);
    return loadPdfFotos(fotos, async (foto, kind) => {
      const uuid = uuidOf(foto._id);
      const id = kind === 'original' ? fotoOriginalId(captacionId, uuid) : fotoId(captacionId, uuid);
      const data = await this.deps.repo.attachment(id, kind);
      return data && pdfJpeg(data, kind === 'original' ? ORIGINAL_LADO : MINIATURA_LADO);
    });
  }

  /** The bytes of a photo's thumbnail (`foto`) or full-size photo (`foto-original`). */
  async image(user: AuthUser, captacionId: string, uuid: string, kind: FotoKind): Promise<Buffer> {
    const id = kind === FOTO_TYPE ? fotoId(captacionId, uuid) : fotoOriginalId(captacionId, uuid);
    const doc = await this.deps.repo.get(id);
    if (!doc || doc.captacion_id !== captacionId || !(await this.captacionRead(user, captacionId))) throw new HttpError(404, FOTOS_MSG.noEncontrada);
    const data = await this.deps.repo.attachment(id, FOTO_ATTACHMENT[kind]);
    if (!data) throw new HttpError(404, FOTOS_MSG.noEncontrada);
    return data;
  }

  async create(user: AuthUser, captacionId: string, upload: Upload): Promise<FotoView> {
    const { value, issues } = fotoIssues(fotoSubidaSchema, upload.fields, false);
    if (issues.length || !value) throw new HttpError(400, issues[0]?.msg ?? FOTOS_MSG.ilegible, { errors: issues });
    if (!upload.original?.length) throw new HttpError(400, FOTOS_MSG.faltaOriginal);
    if (!upload.miniatura?.length) throw new HttpError(400, FOTOS_MSG.faltaMiniatura);
    // Who may not write is told so before anything about the images (the policy's order).
    if (!canEditCaptacion(user.role)) throw new HttpError(403, FOTOS_MSG.rol);
    const captacion = await this.captacionRead(user, captacionId);
    if (!captacion) throw new HttpError(404, CAPTACION_NO_ENCONTRADA);
    if (!isLive(captacion)) throw new HttpError(403, FOTOS_MSG.eliminada);
    if (upload.miniatura.length > MAX_MINIATURA_BYTES) throw new HttpError(413, FOTOS_MSG.miniaturaGrande);
    // Judged by their headers, then decoded and written again without metadata, off the event loop.
    const image = await reencodeUpload(upload.original, FOTO_ORIGINAL_TYPE);
    const thumb = await reencodeUpload(upload.miniatura, FOTO_TYPE);
    const uuid = randomUUID();
    const existing = await this.deps.repo.ofCaptacion(captacionId);
    const original: StoreDoc = {
      _id: fotoOriginalId(captacionId, uuid),
      type: FOTO_ORIGINAL_TYPE,
      captacion_id: captacionId,
      _attachments: { original: { content_type: image.mime, data: image.data.toString('base64') } },
    };
    const foto: StoreDoc = {
      _id: fotoId(captacionId, uuid),
      type: FOTO_TYPE,
      captacion_id: captacionId,
      orden: typeof value.orden === 'number' ? value.orden : existing.length,
      portada: typeof value.portada === 'boolean' ? value.portada : existing.length === 0,
      ancho: image.width,
      alto: image.height,
      bytes: image.data.length,
      mime: image.mime,
      tomada: typeof value.tomada === 'string' ? value.tomada : new Date().toISOString(),
      _attachments: { miniatura: { content_type: thumb.mime, data: thumb.data.toString('base64') } },
    };
    const empty = { base: null, winner: null };
    // The original decides first: a refused image is refused whatever its thumbnail.
    const policy = await FOTO.sync.loadWritePolicy();
    const decidedOriginal = await decideApiWrite(policy, this.deps.facts, user, original, empty, CAPTACION_NO_ENCONTRADA);
    const decidedFoto = await decideApiWrite(policy, this.deps.facts, user, foto, empty, CAPTACION_NO_ENCONTRADA);
    // The original first, so a `foto` never names a full-size photo that is not there.
    const written = await this.deps.repo.write([decidedOriginal.doc, decidedFoto.doc]);
    if (written.some((w) => w.error)) throw new HttpError(409, 'La foto no se pudo guardar; inténtelo de nuevo.');
    // Counted again once stored: two uploads at once on two gateways cannot both pass the maximum.
    const undone = await runWriteEffects(this.deps, effectsOf(FOTO), [
      { doc: decidedOriginal.doc, created: true },
      { doc: decidedFoto.doc, created: true },
    ]);
    const refused = undone.get(decidedFoto.doc._id) ?? undone.get(decidedOriginal.doc._id);
    if (refused) throw new HttpError(403, refused);
    const stored = await this.deps.repo.get(decidedFoto.doc._id);
    return view(stored ?? decidedFoto.doc);
  }

  /** Deletes the photo: every leaf of its `foto` and of its `foto-original` (policy/effects.ts). */
  async remove(user: AuthUser, captacionId: string, uuid: string): Promise<void> {
    const foto = await this.deps.repo.get(fotoId(captacionId, uuid));
    if (!foto || foto.captacion_id !== captacionId || !(await this.captacionRead(user, captacionId))) throw new HttpError(404, FOTOS_MSG.noEncontrada);
    const policy = await FOTO.sync.loadWritePolicy();
    const state = { base: foto, winner: foto };
    const decided = await decideApiWrite(policy, this.deps.facts, user, { _id: foto._id, _rev: foto._rev, _deleted: true }, state, FOTOS_MSG.noEncontrada);
    const [written] = await this.deps.repo.write([decided.doc]);
    if (written?.error) throw new HttpError(409, 'La foto cambió mientras se eliminaba; inténtelo de nuevo.');
    await runWriteEffects(this.deps, effectsOf(FOTO), [decided]);
  }
}
