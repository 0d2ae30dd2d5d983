/** What the user screens change on the gateway (spec 000 section 7), through the data seam and lib/api. */
import type { UsuarioPublico } from '../../../../../couch-design/usuario';
import { uploadPhoto } from '../../../components/photo';
import { api } from '../../../lib/api';
import { userUrl, usuariosResource, type UsuarioBody } from './resources';

export const createUsuario = (body: UsuarioBody): Promise<UsuarioPublico> => usuariosResource.save(body);
export const updateUsuario = (id: string, body: UsuarioBody): Promise<UsuarioPublico> => usuariosResource.save(body, id);
export const deleteUsuario = (id: string): Promise<void> => usuariosResource.remove(id);
export const uploadUsuarioPhoto = (id: string, file: File): Promise<string | null> => uploadPhoto(`${userUrl(id)}/upload-photo`, file);

/** An admin sets someone's password (the person's sessions end); answers the server's message. */
export async function setUsuarioPassword(id: string, body: { password_nueva: string }): Promise<string | undefined> {
  const answer = await api.put<{ message?: string }>(`${userUrl(id)}/password`, body);
  return answer.message;
}
