/** Texts shared by the users and employees endpoints. */
export const PERSONAS_MSG = {
  usuarioNoEncontrado: 'No se encontró el usuario.',
  empleadoNoEncontrado: 'No se encontró el empleado.',
  empleadoInexistente: 'El empleado seleccionado no existe.',
  usuarioInexistente: 'El usuario seleccionado no existe.',
  ultimoAdminEliminar: 'No se puede eliminar al último administrador del sistema.',
  ultimoAdminRol: 'No se puede quitar el rol de administrador al último administrador del sistema.',
} as const;
