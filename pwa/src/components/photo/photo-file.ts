/**
 * Profile photos on the client (spec 000 sections 2, 5 and 9): images only, said at once when
 * the person picks something else; sent as the multipart field the gateway reads. The gateway
 * checks the bytes again: this only spares a round trip.
 */
import { FOTO_MSG, MAX_PHOTO_BYTES, PHOTO_FIELD, PHOTO_TYPES } from '../../../../couch-design/foto';
import { apiFetch } from '../../lib/api';

/** The reason a picked file cannot be a photo, or null when it can. */
export function photoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return FOTO_MSG.invalida;
  if (file.size > MAX_PHOTO_BYTES) return FOTO_MSG.grande;
  return null;
}

/** POSTs the photo to an `upload-photo` endpoint; answers the new photo's URL. */
export async function uploadPhoto(url: string, file: File): Promise<string | null> {
  const form = new FormData();
  form.append(PHOTO_FIELD, file, file.name);
  const answer = await apiFetch<{ foto_perfil?: unknown }>(url, { method: 'POST', body: form });
  return typeof answer.foto_perfil === 'string' ? answer.foto_perfil : null;
}
