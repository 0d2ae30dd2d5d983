/** A photo's `foto` document for tests: a 1 px JPEG's description, without its thumbnail. */
import { FOTO_TYPE } from './types';

export const sampleFotoDoc = (captacionId: string, uuid: string) => ({
  _id: `${FOTO_TYPE}:${captacionId}:${uuid}`,
  type: FOTO_TYPE,
  captacion_id: captacionId,
  orden: 0,
  portada: true,
  ancho: 1,
  alto: 1,
  bytes: 1,
  mime: 'image/jpeg',
  tomada: '2026-01-01T00:00:00.000Z',
});
