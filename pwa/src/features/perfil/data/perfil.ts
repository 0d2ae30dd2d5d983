/**
 * The profile's person and what they change of it (spec 000 section 7): `GET /api/users/{id}`,
 * `POST /api/users/{id}/upload-photo` and `PUT /api/users/{id}/password` (own: the current one first).
 */
import type { UsuarioPublico } from '../../../../../couch-design/usuario';
import { uploadPhoto } from '../../../components/photo';
import type { PasswordBody } from '../../../components/form';
import { api } from '../../../lib/api';
import { restResource } from '../../../lib/data';
import type { AuthUser } from '../../../lib/session';

const userUrl = (id: string): string => `/api/users/${encodeURIComponent(id)}`;

/** The answer said no without an HTTP error (spec 000 section 8: "when success is false"). */
export class RefusedAnswer extends Error {}

export const perfilResource = restResource<UsuarioPublico>({
  listUrl: '/api/users',
  pickList: (body) => body.users,
  itemUrl: userUrl,
  pickItem: (body) => {
    if (body.success === false) throw new RefusedAnswer(typeof body.mensaje === 'string' ? body.mensaje : '');
    return body.user;
  },
});

export const uploadPerfilPhoto = (id: string, file: File): Promise<string | null> => uploadPhoto(`${userUrl(id)}/upload-photo`, file);

export async function changeOwnPassword(id: string, body: PasswordBody): Promise<string | undefined> {
  const answer = await api.put<{ message?: string }>(`${userUrl(id)}/password`, body);
  return answer.message;
}

/** Offline: the person as the session entry on this device remembers them (lib/session-storage). */
export function cachedPerson(user: AuthUser): UsuarioPublico {
  return { _id: user.id, id: user.id, prim_nom: user.nombre, apell_pa: '', apell_ma: '', email: user.email, role: user.role, foto_perfil: null, empleado_id: user.empleado_id ?? null };
}
