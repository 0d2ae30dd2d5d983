/** Texts of the users endpoints: the specification's where it gives one, ours otherwise. */
export { PERSONAS_MSG } from '../personas/messages';

export const MSG = {
  registrado: 'Usuario registrado correctamente.',
  actualizado: 'Usuario actualizado correctamente.',
  /** Spec 000 section 8: the users list's success alert. */
  eliminado: 'Usuario eliminado correctamente',
  vinculoActualizado: 'Vínculo con el empleado actualizado correctamente.',
  fotoActualizada: 'Foto actualizada correctamente.',
  passwordActualizada: 'Contraseña actualizada correctamente.',
  passwordActualIncorrecta: 'La contraseña actual no es correcta.',
  correoEnUso: 'Ya existe un usuario registrado con ese correo electrónico.',
  registroCerrado: 'El registro público de usuarios no está habilitado. Solicite una cuenta a un administrador.',
  soloAdmins: 'Solo un administrador puede realizar esta acción.',
  propioRol: 'No puede cambiar su propio rol.',
  propioVinculo: 'No puede cambiar su propia vinculación con un empleado.',
  versionVieja: 'El usuario fue modificado por otra persona; recargue e intente de nuevo.',
} as const;
