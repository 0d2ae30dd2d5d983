/** Texts of the employees endpoints: the specification's where it gives one, ours otherwise. */
export { PERSONAS_MSG } from '../personas/messages';

export const MSG = {
  /** Spec 000 section 2 (create and edit screens). */
  creado: 'Empleado creado exitosamente.',
  actualizado: 'Empleado actualizado correctamente.',
  eliminado: 'Empleado eliminado correctamente.',
  fotoActualizada: 'Foto actualizada correctamente.',
  sinEmpleado: 'No se encontró un empleado asociado a este usuario.',
  soloAdmins: 'Solo un administrador puede realizar esta acción.',
  versionVieja: 'El empleado fue modificado por otra persona; recargue e intente de nuevo.',
} as const;
