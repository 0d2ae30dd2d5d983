import { JPEG_2X2 } from '../../../../../../couch-design/testing/images';
import type { NewFoto } from '../fotos-store';

/**
 * A resized photo as the browser pipeline hands it over: a real JPEG (the gateway decodes what it
 * gets) as both the original and the thumbnail, with the size the pipeline reports (its own 2×2
 * unless told).
 */
export const newFoto = (uuid: string, size: Pick<NewFoto, 'ancho' | 'alto'> = { ancho: 2, alto: 2 }): NewFoto => ({
  uuid,
  original: new Blob([JPEG_2X2.slice()], { type: 'image/jpeg' }),
  miniatura: new Blob([JPEG_2X2.slice()], { type: 'image/jpeg' }),
  ...size,
  mime: 'image/jpeg',
});
