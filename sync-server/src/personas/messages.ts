/** Texts shared by the users and employees endpoints. */
export const PERSONAS_MSG = {
  usuarioNoEncontrado: 'No se encontró el usuario.',
  empleadoNoEncontrado: 'No se encontró el empleado.',
  empleadoInexistente: 'El empleado seleccionado no existe.',
  usuarioInexistente: 'El usuario seleccionado no existe.',
  ultimoAdminEliminar: 'No se puede eliminar al último administrador del sistema.',
  ultimoAdminRol: 'No se puede quitar el rol de administrador al último administrador del sistema.',
  /** Issue 18 item 5: the move that would leave that person without their link needs `reasignar_vinculo: true`. */
  empleadoVinculadoConOtro: (nombre: string) => `El empleado ya está vinculado con ${nombre}; confirme que desea reasignarlo.`,
  /** Issue 33: editing an employee to another user takes the employee from the account that had it. */
  usuarioPierdeEmpleado: (nombre: string) => `El empleado está vinculado con ${nombre}, que perdería ese vínculo; confirme que desea reasignarlo.`,
  usuarioVinculadoConOtro: (nombre: string) => `El usuario ya está vinculado con el empleado ${nombre}; confirme que desea reasignarlo.`,
  /** The form showed another link than the person has now (`vinculo_actual`): another admin changed it meanwhile. */
  empleadoCambioDeVinculo: (nombre: string) => `Mientras editaba, el empleado quedó vinculado con ${nombre}. Recargue la página para ver su vínculo actual.`,
  usuarioCambioDeVinculo: (nombre: string) => `Mientras editaba, el usuario quedó vinculado con el empleado ${nombre}. Recargue la página para ver su vínculo actual.`,
} as const;
