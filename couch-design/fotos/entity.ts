/**
 * The fotos database: property photos (types.ts), in their own database so that a captación's
 * text replicates independently of and before its photos. A child of captación
 * (couch-design/child-entity.ts, by `captacion_id`): a person reads the photos of the captaciones
 * they may read, and a captación's deletion deletes them. The pull brings thumbnails (`foto`, with
 * `miniatura`), never the full-size `foto-original`, which a device pushes and reads by id when a
 * person opens a photo; deleting a `foto` deletes its original (`deletedWith`), and a captación
 * holds at most MAX_FOTOS_POR_CAPTACION of each (`perParent`, counted again once stored).
 * The device keeps and pushes it, in batches of FOTOS_BATCH_SIZE: five originals of 2 MB fit the
 * gateway's body limit, and an interrupted upload loses at most one batch (PouchDB's checkpoint
 * after each batch is where it continues).
 */
import { CAPTACION } from '../captacion/entity';
import { declareChildEntity } from '../child-entity';
import { mangoIndex } from '../entity';
import {
  FOTO_ORIGINAL_TYPE,
  FOTO_TYPE,
  fotoOriginalId,
  FOTOS_BATCH_SIZE,
  FOTOS_DB,
  FOTOS_MSG,
  FOTOS_PULL_BATCH_SIZE,
  FOTOS_PUSH_BODY_BYTES,
  MAX_FOTOS_POR_CAPTACION,
  parseFotoId,
} from './types';

/** A captación's photos (both kinds): its gallery, its count, and what follows a deletion. */
export const FOTOS_BY_CAPTACION = mangoIndex('fotos-captacion', ['captacion_id']);

export const FOTO = declareChildEntity({
  database: FOTOS_DB,
  docType: FOTO_TYPE,
  byIdOnly: [FOTO_ORIGINAL_TYPE],
  names: { one: 'foto', many: 'fotos' },
  parent: CAPTACION,
  field: 'captacion_id',
  byParent: FOTOS_BY_CAPTACION,
  loadWritePolicy: (link) => import('./write-policy').then((m) => m.fotoWritePolicy(link)),
  // A device deletes a photo by its `foto`; the gateway deletes the original too.
  deletedWith: (id) => {
    const parsed = parseFotoId(id);
    return parsed?.kind === FOTO_TYPE ? [fotoOriginalId(parsed.captacionId, parsed.uuid)] : [];
  },
  perParent: { max: MAX_FOTOS_POR_CAPTACION, kindOf: (id) => parseFotoId(id)?.kind ?? null, refused: FOTOS_MSG.maximo },
  attachments: true,
  pushBodyBytes: FOTOS_PUSH_BODY_BYTES,
  device: {
    batchSize: FOTOS_BATCH_SIZE,
    pullBatchSize: FOTOS_PULL_BATCH_SIZE,
    // A photo is its two documents: '3 fotos por enviar' counts photos, an original alone (its `foto` up already) as its photo.
    recordOf: (id) => {
      const parsed = parseFotoId(id);
      return parsed ? `${parsed.captacionId}:${parsed.uuid}` : null;
    },
    // The device never pulls originals: once up, they only take room (it reads one by id when a person opens it).
    purgedOncePushed: `${FOTO_ORIGINAL_TYPE}:`,
  },
});
