/** A payslip as stored in the `nominas` database (specification 000, section 3). */
export interface Nomina {
  _id: string;
  _rev?: string;
  type: 'nomina';
  /** The employee paid; the replication scope of `/db/nominas` is keyed on it. */
  empleadoId: string;
  /** The employee's full name, filled by the gateway from the employee record. */
  empleado: string;
  conceptoDePago: string;
  salario: number;
  /** Stored ISO yyyy-mm-dd (docs/architecture.md section 7); dd/mm/yyyy accepted on input. */
  fecha: string;
  /** Optional link to the PDF, opened when a download fails (spec 8). */
  url?: string;
}

/** What a create or edit form (or REST body) carries, after validation and cleaning. */
export interface NominaFields {
  empleadoId?: string;
  empleado?: string;
  conceptoDePago: string;
  salario: number;
  fecha: string;
  url?: string;
}

/** One failed rule: the field (`param`) and its Spanish message (`msg`), as the API answers it. */
export type { ValidationIssue } from '../helpers/form-errors';

/** Stored payslips may be legacy or partial: display and filter rules accept any of these. */
export type NominaLike = { fecha?: unknown; salario?: unknown; conceptoDePago?: unknown; _id?: unknown } | null | undefined;
