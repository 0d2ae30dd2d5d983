/**
 * `/api/users` (spec 000 section 7), declared once for every screen that reads accounts: the user
 * screens, the employee form's 'Asociar con Usuario', the profile and a captación's adviser.
 * Users live behind the gateway, so these reads need the network.
 */
import type { UsuarioPublico } from '../../../../couch-design/usuario';
import { api } from '../api';
import { restResource, type RestResourceOptions } from '../data/rest';
import { RefusedAnswer } from '../data/errors';

export const USUARIOS_URL = '/api/users';
/** Sign-up: where users are created (both modes), and whether public sign-up is open. */
const SIGNUP_URL = '/api/signup';
export const usuarioUrl = (id: string): string => `${USUARIOS_URL}/${encodeURIComponent(id)}`;

/** The body the user forms send: the user's fields, plus the password and link when creating. */
export type UsuarioBody = Partial<Omit<UsuarioPublico, '_id' | 'id' | '_rev' | 'foto_perfil' | 'creado' | 'empleado_id' | 'empleado_vinculado'>> & {
  password?: string;
  empleado_id?: string;
  /** Confirms taking the employee from the user who has it (couch-design/vinculo.ts). */
  reasignar_vinculo?: boolean;
};

/** The account in an answer; older answers put it under `usuario` or at the top level. */
function pickUsuario(body: Record<string, unknown>): unknown {
  if (body.success === false) throw new RefusedAnswer(typeof body.mensaje === 'string' ? body.mensaje : '');
  return body.user ?? body.usuario ?? (body.prim_nom || body.name ? body : null);
}

const USUARIOS: RestResourceOptions<UsuarioBody> = {
  listUrl: USUARIOS_URL,
  pickList: (body) => body.users,
  itemUrl: usuarioUrl,
  pickItem: pickUsuario,
  // Both the admin's form and public sign-up create through it.
  createUrl: SIGNUP_URL,
};

/** Users: listed and read by id; created through `POST /api/signup`, edited by PUT, deleted. */
export const usuariosResource = restResource<UsuarioPublico, UsuarioBody>(USUARIOS);

/** Where a user's photo goes (`POST` multipart, `foto_perfil`): an admin's form and the person's own profile. */
export const usuarioPhotoUrl = (id: string): string => `${usuarioUrl(id)}/upload-photo`;

/**
 * `PUT /api/users/{id}/password`: the person's own (with the current one) or an admin's for anyone
 * (the person's sessions end); answers the server's message.
 */
export async function setUsuarioPassword(id: string, body: { password_nueva: string; password_actual?: string }): Promise<string | undefined> {
  const answer = await api.put<{ message?: string }>(`${usuarioUrl(id)}/password`, body);
  return answer.message;
}

/** Whether a visitor may register themselves: the gateway says (`GET /api/signup`, PUBLIC_SIGNUP). */
export async function registroPublicoAbierto(): Promise<boolean> {
  const answer = await api.get<{ registro_publico?: unknown }>(SIGNUP_URL);
  return answer.registro_publico === true;
}

/** The same endpoint for a name shown beside local data: it gives up soon rather than hang the screen. */
export const usuariosResourceBreve = restResource<UsuarioPublico, UsuarioBody>({ ...USUARIOS, readTimeoutMs: 5000 });
