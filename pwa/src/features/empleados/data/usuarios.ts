/**
 * The user accounts offered by 'Asociar con Usuario' (admins only: spec 000 section 6, "the user
 * list is fetched only for admins"), read through the shared `/api/users` resource.
 */
import type { UsuarioPublico } from '../../../../../couch-design/usuario';

export { usuariosResource } from '../../../lib/resources';

/** `empleado_vinculado`: the employee the account is linked to, by name (the list carries it). */
export type UsuarioOpcion = Pick<UsuarioPublico, 'id' | 'email' | 'prim_nom' | 'segun_nom' | 'apell_pa' | 'apell_ma' | 'empleado_id' | 'empleado_vinculado'>;
