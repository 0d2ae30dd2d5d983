/**
 * The banner of a refused save, by the form's sections: the fields with the same problem on one
 * line ('Primer nombre, Teléfono: Por favor complete todos los campos obligatorios.'), so the
 * specification's one required-field text does not repeat a dozen times.
 */
import type { FormIssue, SummarySection } from '../../../components/form';
import { SECCION_DIRECCION, SECCION_LABORAL, SECCION_PERSONAL } from '../texts';
import { fieldLabel, type EmpleadoField } from './fields';

const SECTIONS: Array<[string, readonly string[]]> = [
  [SECCION_PERSONAL, ['prim_nom', 'segun_nom', 'apell_pa', 'apell_ma', 'fecha_na', 'email', 'telefono']],
  [SECCION_LABORAL, ['pust', 'salario', 'fecha_ing', 'estado', 'userId']],
  [SECCION_DIRECCION, ['calle', 'nun_ex', 'num_in', 'codigo']],
];

export function summarizeEmpleado(issues: FormIssue[]): SummarySection[] {
  const sections: SummarySection[] = [];
  for (const [section, fields] of [...SECTIONS, ['', []] as [string, readonly string[]]]) {
    const mine = issues.filter((i) => (section === '' ? !SECTIONS.some(([, f]) => f.includes(i.param)) : fields.includes(i.param)));
    if (mine.length === 0) continue;
    const byMessage = new Map<string, string[]>();
    for (const i of mine) byMessage.set(i.msg, [...(byMessage.get(i.msg) ?? []), fieldLabel(i.param as EmpleadoField)]);
    sections.push({ section, tab: null, messages: [...byMessage].map(([msg, labels]) => `${labels.join(', ')}: ${msg}`) });
  }
  return sections;
}
