/** Texts of the users endpoints: the specification's where it gives one, ours otherwise. */
import { FOTO_ACTUALIZADA, USUARIO_DONE } from '../../../couch-design/usuario/answers';

export { PERSONAS_MSG } from '../personas/messages';

export const MSG = {
  ...USUARIO_DONE,
  actualizado: 'Usuario actualizado correctamente.',
  vinculoActualizado: 'Vínculo con el empleado actualizado correctamente.',
  fotoActualizada: FOTO_ACTUALIZADA,
  passwordActualIncorrecta: 'La contraseña actual no es correcta.',
  correoEnUso: 'Ya existe un usuario registrado con ese correo electrónico.',
  registroCerrado: 'El registro público de usuarios no está habilitado. Solicite una cuenta a un administrador.',
  soloAdmins: 'Solo un administrador puede realizar esta acción.',
  propioRol: 'No puede cambiar su propio rol.',
  propioVinculo: 'No puede cambiar su propia vinculación con un empleado.',
  versionVieja: 'El usuario fue modificado por otra persona; recargue e intente de nuevo.',
} as const;
