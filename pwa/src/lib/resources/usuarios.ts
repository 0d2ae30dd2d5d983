/**
 * `/api/users` (spec 000 section 7), declared once for every screen that reads accounts: the user
 * screens, the employee form's 'Asociar con Usuario', the profile and a captación's adviser.
 * Users live behind the gateway, so these reads need the network.
 */
import type { UsuarioPublico } from '../../../../couch-design/usuario';
import { restResource, type RestResourceOptions } from '../data/rest';
import { RefusedAnswer } from '../data/errors';

export const USUARIOS_URL = '/api/users';
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
  createUrl: '/api/signup',
};

/** Users: listed and read by id; created through `POST /api/signup`, edited by PUT, deleted. */
export const usuariosResource = restResource<UsuarioPublico, UsuarioBody>(USUARIOS);

/** The same endpoint for a name shown beside local data: it gives up soon rather than hang the screen. */
export const usuariosResourceBreve = restResource<UsuarioPublico, UsuarioBody>({ ...USUARIOS, readTimeoutMs: 5000 });
