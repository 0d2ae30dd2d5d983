/**
 * The profile's person and what they change of it (spec 000 section 7): `GET /api/users/{id}`,
 * `POST /api/users/{id}/upload-photo` and `PUT /api/users/{id}/password` (own: the current one first).
 */
import type { UsuarioPublico } from '../../../../../couch-design/usuario';
import { uploadPhoto } from '../../../components/photo';
import { usuarioPhotoUrl } from '../../../lib/resources';
import type { AuthUser } from '../../../lib/session';

export { RefusedAnswer } from '../../../lib/data';
export { setUsuarioPassword as changeOwnPassword, usuariosResource as perfilResource } from '../../../lib/resources';

export const uploadPerfilPhoto = (id: string, file: File): Promise<string | null> => uploadPhoto(usuarioPhotoUrl(id), file);

/** Offline: the person as the session entry on this device remembers them (lib/session-storage). */
export function cachedPerson(user: AuthUser): UsuarioPublico {
  return { _id: user.id, id: user.id, prim_nom: user.nombre, apell_pa: '', apell_ma: '', email: user.email, role: user.role, foto_perfil: null, empleado_id: user.empleado_id ?? null };
}
