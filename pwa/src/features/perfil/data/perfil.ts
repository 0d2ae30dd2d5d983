/**
 * The profile's person and what they change of it (spec 000 section 7): `GET /api/users/{id}`,
 * `POST /api/users/{id}/upload-photo` and `PUT /api/users/{id}/password` (own: the current one first).
 */
import type { UsuarioPublico } from '../../../../../couch-design/usuario';
import { uploadPhoto } from '../../../components/photo';
import type { PasswordBody } from '../../../components/form';
import { api } from '../../../lib/api';
import { usuarioUrl as userUrl } from '../../../lib/resources';
import type { AuthUser } from '../../../lib/session';

export { RefusedAnswer } from '../../../lib/data';
export { usuariosResource as perfilResource } from '../../../lib/resources';

export const uploadPerfilPhoto = (id: string, file: File): Promise<string | null> => uploadPhoto(`${userUrl(id)}/upload-photo`, file);

export async function changeOwnPassword(id: string, body: PasswordBody): Promise<string | undefined> {
  const answer = await api.put<{ message?: string }>(`${userUrl(id)}/password`, body);
  return answer.message;
}

/** Offline: the person as the session entry on this device remembers them (lib/session-storage). */
export function cachedPerson(user: AuthUser): UsuarioPublico {
  return { _id: user.id, id: user.id, prim_nom: user.nombre, apell_pa: '', apell_ma: '', email: user.email, role: user.role, foto_perfil: null, empleado_id: user.empleado_id ?? null };
}
