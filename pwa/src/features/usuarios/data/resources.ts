/**
 * Where the user screens read: users and employees live behind the gateway (they need the
 * network). Spec 000 section 7: `GET /api/users`, `GET /api/users/{id}`, `GET /api/empleados-api`,
 * `GET /api/empleados-api/{id}` and `GET /api/empleados-api/by-user/{userId}`.
 */
import type { EmpleadoPublico } from '../../../../../couch-design/empleado';
import type { UsuarioPublico } from '../../../../../couch-design/usuario';
import { restResource } from '../../../lib/data';

export const USERS_URL = '/api/users';
export const EMPLEADOS_URL = '/api/empleados-api';
export const userUrl = (id: string): string => `${USERS_URL}/${encodeURIComponent(id)}`;

/** The body the user forms send: the user's fields, plus the password and link when creating. */
export type UsuarioBody = Partial<Omit<UsuarioPublico, '_id' | 'id' | '_rev' | 'foto_perfil' | 'creado' | 'empleado_id' | 'empleado_vinculado'>> & {
  password?: string;
  empleado_id?: string;
  /** Confirms taking the employee from the user who has it (couch-design/vinculo.ts). */
  reasignar_vinculo?: boolean;
};

/** The answer said no without an HTTP error (spec 000 section 8: "when success is false"). */
export class RefusedAnswer extends Error {}

function pickUser(body: Record<string, unknown>): unknown {
  if (body.success === false) throw new RefusedAnswer(typeof body.mensaje === 'string' ? body.mensaje : '');
  return body.user;
}

/** Users: listed and read by id; created through `POST /api/signup` (both modes), edited by PUT. */
export const usuariosResource = restResource<UsuarioPublico, UsuarioBody>({
  listUrl: USERS_URL,
  pickList: (body) => body.users,
  itemUrl: userUrl,
  pickItem: pickUser,
  createUrl: '/api/signup',
});

export const empleadosResource = restResource<EmpleadoPublico>({
  listUrl: EMPLEADOS_URL,
  pickList: (body) => body.empleados,
  itemUrl: (id) => `${EMPLEADOS_URL}/${encodeURIComponent(id)}`,
  pickItem: (body) => body.empleado,
});

/** The employee whose `userId` names a user (the link kept on the employee's side); `get` by user id. */
export const empleadoDeUsuarioResource = restResource<EmpleadoPublico>({
  listUrl: EMPLEADOS_URL,
  pickList: (body) => body.empleados,
  itemUrl: (userId) => `${EMPLEADOS_URL}/by-user/${encodeURIComponent(userId)}`,
  pickItem: (body) => body.empleado,
});
