/** Texts of the employees endpoints: the specification's where it gives one, ours otherwise. */
import { EMPLEADO_DONE } from '../../../couch-design/empleado/messages';
import { FOTO_ACTUALIZADA } from '../../../couch-design/usuario/answers';

export { PERSONAS_MSG } from '../personas/messages';

export const MSG = {
  /** Spec 000 section 2 (create and edit screens). */
  ...EMPLEADO_DONE,
  fotoActualizada: FOTO_ACTUALIZADA,
  sinEmpleado: 'No se encontró un empleado asociado a este usuario.',
  soloAdmins: 'Solo un administrador puede realizar esta acción.',
  versionVieja: 'El empleado fue modificado por otra persona; recargue e intente de nuevo.',
} as const;
