/**
 * The create and edit forms' values: what the inputs hold (a number input's '' while empty, the
 * date input's yyyy-mm-dd) and the shared schema of couch-design/nomina as their only rules.
 */
import { toIsoDate } from '../../../../../couch-design/format';
import { nominaSchema, validateNomina, type NominaFields } from '../../../../../couch-design/nomina';
import { schemaIssues, type FormIssue } from '../../../components/form';

export interface NominaFormValues {
  conceptoDePago: string;
  salario: number | '';
  /** yyyy-mm-dd, as `<input type="date">` reads and writes it. */
  fecha: string;
}

/**
 * A stored payslip as the form shows it. Spec 000 section 5: the date may arrive dd/mm/yyyy and is
 * converted to yyyy-mm-dd for the date input (which shows nothing for any other form).
 */
export function toFormValues(n: { conceptoDePago?: unknown; salario?: unknown; fecha?: unknown }): NominaFormValues {
  return {
    conceptoDePago: typeof n.conceptoDePago === 'string' ? n.conceptoDePago : '',
    salario: typeof n.salario === 'number' && Number.isFinite(n.salario) ? n.salario : '',
    fecha: toIsoDate(n.fecha) ?? '',
  };
}

export const validateNominaForm = (values: NominaFormValues): FormIssue[] => schemaIssues(nominaSchema, values);

/** The cleaned fields to send (trimmed concept, number, ISO date); call after the form validated. */
export function toNominaFields(values: NominaFormValues): NominaFields {
  const r = validateNomina(values);
  if (!r.ok) throw new Error(r.issues.map((i) => i.msg).join(' '));
  return r.value;
}
