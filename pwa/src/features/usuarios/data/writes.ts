/** What the user screens change on the gateway (spec 000 section 7), through the shared `/api/users` resource. */
import type { UsuarioPublico } from '../../../../../couch-design/usuario';
import { uploadPhoto } from '../../../components/photo';
import { usuarioPhotoUrl, usuariosResource, type UsuarioBody } from '../../../lib/resources';

export { setUsuarioPassword } from '../../../lib/resources';

export const createUsuario = (body: UsuarioBody): Promise<UsuarioPublico> => usuariosResource.save(body);
export const updateUsuario = (id: string, body: UsuarioBody): Promise<UsuarioPublico> => usuariosResource.save(body, id);
export const deleteUsuario = (id: string): Promise<void> => usuariosResource.remove(id);
export const uploadUsuarioPhoto = (id: string, file: File): Promise<string | null> => uploadPhoto(usuarioPhotoUrl(id), file);
