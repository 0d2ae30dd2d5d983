/**
 * What 'Editar Usuario' needs before it can show its form (spec 000 section 2): the user and the
 * direction of their employee link. With `empleado_id` on the user the link is user-to-employee;
 * otherwise the employee is looked up by user, and when one names this user the link is
 * employee-to-user (read-only here; that employee's personal data fills the form); else none.
 */
import type { EditContext } from '../form/values';
import { empleadoDeUsuarioResource, empleadosResource, usuariosResource } from './resources';

/** null when the user does not exist (or the person may not read them). */
export async function loadEditContext(id: string, viewerIsAdmin: boolean): Promise<EditContext | null> {
  const user = await usuariosResource.get(id);
  if (!user) return null;
  const manage = viewerIsAdmin;
  if (user.empleado_id) {
    // Only shown beside the switch: a failed read must not keep the form from opening.
    const empleado = await empleadosResource.get(user.empleado_id).catch((err: unknown) => {
      console.error('No se pudo leer el empleado vinculado.', err);
      return null;
    });
    return { user, direction: 'usuario', empleado, manage };
  }
  const empleado = await empleadoDeUsuarioResource.get(id);
  return { user, direction: empleado ? 'empleado' : 'ninguno', empleado, manage };
}
