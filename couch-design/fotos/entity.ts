/**
 * The fotos database: property photos (types.ts), in their own database so that a captación's
 * text replicates independently of and before its photos. A person reads the photos of the
 * captaciones they may read; the pull brings thumbnails (`foto`, with `miniatura`), never the
 * full-size `foto-original`, which a device pushes and reads by id when a person opens a photo.
 * The device keeps and pushes it (`device`), in batches of FOTOS_BATCH_SIZE: five originals of
 * 2 MB fit the gateway's body limit, and an interrupted upload loses at most one batch (PouchDB's
 * checkpoint after each batch is where it continues).
 */
import { declareEntity, type MangoIndexDef, policyLoader } from '../entity';
import { fotosSelector, inFotosScope } from '../scope';
import { FOTO_ORIGINAL_TYPE, FOTO_TYPE, FOTOS_BATCH_SIZE, FOTOS_DB, FOTOS_PULL_BATCH_SIZE, FOTOS_PUSH_BODY_BYTES } from './types';

/** A captación's photos (both kinds): its gallery, its count, and what follows a reassignment or a deletion. */
export const FOTOS_BY_CAPTACION: MangoIndexDef = {
  index: { fields: ['captacion_id'] },
  ddoc: 'idx-fotos-captacion',
  name: 'fotos-captacion',
};

export const FOTO = declareEntity({
  database: FOTOS_DB,
  docTypes: [FOTO_TYPE, FOTO_ORIGINAL_TYPE],
  names: { one: 'foto', many: 'fotos' },
  indexes: [FOTOS_BY_CAPTACION],
  sync: {
    scope: { selector: fotosSelector, inScope: inFotosScope, wholeDatabase: () => false },
    loadWritePolicy: policyLoader(() => import('./write-policy').then((m) => m.fotoWritePolicy)),
    // A device deletes a photo by its `foto`; the gateway deletes the original too.
    effects: ['original-de-foto'],
    attachments: true,
    pushBodyBytes: FOTOS_PUSH_BODY_BYTES,
    device: { pushed: true, batchSize: FOTOS_BATCH_SIZE, pullBatchSize: FOTOS_PULL_BATCH_SIZE },
    // A device keeps the thumbnails of the captaciones it keeps (issue 34).
    follows: { parent: 'captaciones', field: 'captacion_id' },
  },
});
