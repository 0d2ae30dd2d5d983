/**
 * Who each person is linked to, by name (issue 18 item 5): for the admin lists, which show it
 * beside every user and employee, and for the refusal of a move that would take a link from
 * someone else. Older data may hold the link on one side only; both sides count, as in plans.ts.
 */
import { fullName, type Empleado } from '../../../couch-design/empleado';
import type { Usuario } from '../../../couch-design/usuario';
import type { VinculoPublico } from '../../../couch-design/vinculo';

type UsuarioLink = Pick<Usuario, '_id' | 'prim_nom' | 'segun_nom' | 'apell_pa' | 'apell_ma' | 'email' | 'empleado_id'>;
type EmpleadoLink = Pick<Empleado, '_id' | 'prim_nom' | 'segun_nom' | 'apell_pa' | 'apell_ma' | 'userId'>;

/** The name fields a list needs of the other side, and the link on each side. */
export const USUARIO_LINK_FIELDS = ['prim_nom', 'segun_nom', 'apell_pa', 'apell_ma', 'email', 'empleado_id'];
export const EMPLEADO_LINK_FIELDS = ['prim_nom', 'segun_nom', 'apell_pa', 'apell_ma', 'userId'];

/** A user by name; the e-mail when the account has none. */
export const usuarioVinculo = (u: Pick<UsuarioLink, '_id' | 'prim_nom' | 'segun_nom' | 'apell_pa' | 'apell_ma' | 'email'>): VinculoPublico => ({
  id: u._id,
  nombre: fullName(u) || u.email || u._id,
});

export const empleadoVinculo = (e: Pick<EmpleadoLink, '_id' | 'prim_nom' | 'segun_nom' | 'apell_pa' | 'apell_ma'>): VinculoPublico => ({
  id: e._id,
  nombre: fullName(e) || e._id,
});

/** Each employee's user and each user's employee, read from both sides of the link. */
export function linkedPairs(usuarios: readonly UsuarioLink[], empleados: readonly EmpleadoLink[]): {
  usuarioDe: Map<string, VinculoPublico>;
  empleadoDe: Map<string, VinculoPublico>;
} {
  const usuariosById = new Map(usuarios.map((u) => [u._id, u]));
  const empleadosById = new Map(empleados.map((e) => [e._id, e]));
  const usuarioDe = new Map<string, VinculoPublico>();
  const empleadoDe = new Map<string, VinculoPublico>();
  const pair = (u: UsuarioLink | undefined, e: EmpleadoLink | undefined) => {
    if (!u || !e) return;
    if (!usuarioDe.has(e._id)) usuarioDe.set(e._id, usuarioVinculo(u));
    if (!empleadoDe.has(u._id)) empleadoDe.set(u._id, empleadoVinculo(e));
  };
  for (const e of empleados) if (e.userId) pair(usuariosById.get(e.userId), e);
  for (const u of usuarios) if (u.empleado_id) pair(u, empleadosById.get(u.empleado_id));
  return { usuarioDe, empleadoDe };
}
