/** What the profile's sections show of an employee (spec 000 sections 2 and 9). */
import { fullName, type EmpleadoPublico } from '../../../../../couch-design/empleado';
import { formatDate, formatMoney } from '../../../../../couch-design/format';
import { StatusTag, type Fact } from '../../../components/feedback';
import { estadoChip } from '../list/columns';
import { ETQ_CORREO, ETQ_DIRECCION, ETQ_ESTADO, ETQ_INGRESO, ETQ_NACIMIENTO, ETQ_NOMBRE, ETQ_PUESTO, ETQ_SALARIO, ETQ_TELEFONO, NO_ESPECIFICADO } from '../texts';

const orNone = (v: string | null | undefined): string => (v && v.trim() !== '' ? v.trim() : NO_ESPECIFICADO);

/** 'Calle Pino 45 Int. 2, CP 06400': street, numbers and postal code, the parts that exist. */
export function direccion(e: Pick<EmpleadoPublico, 'calle' | 'nun_ex' | 'num_in' | 'codigo'>): string {
  const street = [e.calle, e.nun_ex].map((s) => s?.trim()).filter(Boolean).join(' ');
  const interior = e.num_in?.trim() ? `Int. ${e.num_in.trim()}` : '';
  const cp = e.codigo?.trim() ? `CP ${e.codigo.trim()}` : '';
  const parts = [[street, interior].filter(Boolean).join(' '), cp].filter(Boolean);
  return parts.length ? parts.join(', ') : NO_ESPECIFICADO;
}

export function personalFacts(e: EmpleadoPublico): Fact[] {
  return [
    { label: ETQ_NOMBRE, value: orNone(fullName(e)) },
    { label: ETQ_NACIMIENTO, value: formatDate(e.fecha_na) },
    { label: ETQ_CORREO, value: orNone(e.email) },
    { label: ETQ_TELEFONO, value: orNone(e.telefono) },
    { label: ETQ_DIRECCION, value: direccion(e), wide: true },
    { label: ETQ_ESTADO, value: <StatusTag chip={estadoChip(e.estado)} /> },
  ];
}

export function laboralFacts(e: EmpleadoPublico): Fact[] {
  return [
    { label: ETQ_PUESTO, value: orNone(e.pust) },
    { label: ETQ_SALARIO, value: formatMoney(e.salario) },
    { label: ETQ_INGRESO, value: formatDate(e.fecha_ing) },
  ];
}
