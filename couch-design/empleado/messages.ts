/** Texts of the employee contract: the rules we add to the specification's required fields. */
export const EMPLEADO_MSG = {
  estado: 'El estado debe ser Activo o Inactivo',
  salarioNumero: 'El salario debe ser un número',
  salarioNegativo: 'El salario no puede ser negativo',
  salarioMaximo: 'El salario no es válido',
} as const;
