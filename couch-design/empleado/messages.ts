/** Texts of the employee contract: the rules we add to the specification's required fields. */
export const EMPLEADO_MSG = {
  estado: 'El estado debe ser Activo o Inactivo',
  salarioNumero: 'El salario debe ser un número',
  salarioNegativo: 'El salario no puede ser negativo',
  salarioMaximo: 'El salario no es válido',
} as const;

/** What a write of an employee answers: the REST endpoints say it and the PWA shows it (spec 000 sections 2 and 8). */
export const EMPLEADO_DONE = {
  creado: 'Empleado creado exitosamente.',
  actualizado: 'Empleado actualizado correctamente.',
  eliminado: 'Empleado eliminado correctamente.',
} as const;
