/** A payslip as stored in the `nominas` database (specification 000, section 3). */
export interface Nomina {
  _id: string;
  _rev?: string;
  type: 'nomina';
  empleadoId: string;
  /** The employee's full name at the time of payment. */
  empleado: string;
  conceptoDePago: string;
  salario: number;
  /** Stored ISO yyyy-mm-dd (DESIGN section 7); dd/mm/yyyy accepted on input. */
  fecha: string;
  url?: string;
}

export const NOMINAS_DEFAULT_LIMIT = 20;
