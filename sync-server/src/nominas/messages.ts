/** Every Spanish text the payroll REST endpoints answer with (schema messages live in couch-design/nomina). */
export const MSG = {
  notFound: 'No se encontró la nómina.',
  empleadoNotFound: 'No se encontró el empleado.',
  badId: 'Identificador de nómina no válido.',
  badEmpleadoId: 'Identificador de empleado no válido.',
  soloAdmin: 'Solo un administrador puede registrar, modificar o eliminar nóminas.',
  sincronizacion: 'Las nóminas solo las registra un administrador desde la sección de nóminas.',
  empleadoDistinto: 'El empleado indicado en el formulario no coincide con el de la dirección.',
  cambioEmpleado: 'No se puede cambiar el empleado de una nómina: elimínela y regístrela para el otro empleado.',
  staleRev: 'La nómina fue modificada por otra persona. Recargue la página para ver los cambios más recientes.',
  badLimite: 'El límite no es válido: use un número entero entre 1 y 1000.',
  badDesde: "La fecha 'Desde' no es válida: use dd/mm/aaaa o aaaa-mm-dd.",
  badHasta: "La fecha 'Hasta' no es válida: use dd/mm/aaaa o aaaa-mm-dd.",
  invalid: 'La nómina no es válida.',
  creada: 'Nómina creada correctamente.',
  actualizada: 'Nómina actualizada correctamente.',
  eliminada: 'Nómina eliminada correctamente.',
} as const;
