/**
 * The employees list rules: search (spec 000 section 5) and order (section 9), pure so the gateway
 * and the PWA agree.
 *
 * Search: case- and accent-insensitive, over the full name, e-mail, position, phone, estado and
 * salary (as stored, '15000', and as shown, '$15,000.00'). Several words must each appear
 * somewhere; a blank search shows everyone.
 * Order: 'Activo' first, then by first name, then surnames and id so the order is total.
 */
import { foldText, matchesTerms, searchTerms } from '../captacion/search';
import { formatMoney } from '../format';
import { fullName } from '../persona';

type EmpleadoLike = {
  _id?: string;
  prim_nom?: string;
  segun_nom?: string;
  apell_pa?: string;
  apell_ma?: string;
  email?: string;
  pust?: string;
  telefono?: string;
  estado?: string;
  salario?: number | string | null;
};

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

export function empleadoSearchText(e: EmpleadoLike): string {
  const salario = typeof e.salario === 'number' && Number.isFinite(e.salario) ? [String(e.salario), formatMoney(e.salario)] : [str(e.salario)];
  return [fullName(e), e.email, e.pust, e.telefono, e.estado, ...salario]
    .map((v) => foldText(str(v)))
    .filter(Boolean)
    .join('\n');
}

export function matchesEmpleadoSearch(e: EmpleadoLike, search: string | null | undefined): boolean {
  const terms = searchTerms(search ?? '');
  return terms.length === 0 || matchesTerms(empleadoSearchText(e), terms);
}

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

export function compareEmpleados(a: EmpleadoLike, b: EmpleadoLike): number {
  const activo = Number(b.estado === 'Activo') - Number(a.estado === 'Activo');
  if (activo !== 0) return activo;
  return (
    collator.compare(str(a.prim_nom), str(b.prim_nom)) ||
    collator.compare(fullName(a), fullName(b)) ||
    str(a._id).localeCompare(str(b._id))
  );
}

/** The employees list as shown: matching the search, 'Activo' first, then by first name. */
export function listEmpleados<T extends EmpleadoLike>(empleados: readonly T[], search?: string | null): T[] {
  return empleados.filter((e) => matchesEmpleadoSearch(e, search)).sort(compareEmpleados);
}
