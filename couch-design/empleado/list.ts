/**
 * The employees list rules: search (spec 000 section 5) and order (section 9), pure so the gateway
 * and the PWA agree.
 *
 * Search: case- and accent-insensitive, over the full name, e-mail, position, phone, estado and
 * salary (as stored, '15000', and as shown, '$15,000.00'). Several words must each appear
 * somewhere; a blank search shows everyone.
 * Order: 'Activo' first, then by first name, then surnames and id so the order is total.
 */
import { formatMoney } from '../format';
import { compareByName, fullName, type PersonListFields } from '../helpers/names';
import { matchesSearch, searchText } from '../helpers/search';

type EmpleadoLike = PersonListFields & { estado?: string; salario?: number | string | null };

export function empleadoSearchText(e: EmpleadoLike): string {
  const salario = typeof e.salario === 'number' && Number.isFinite(e.salario) ? [String(e.salario), formatMoney(e.salario)] : [e.salario];
  return searchText([fullName(e), e.email, e.pust, e.telefono, e.estado, ...salario]);
}

export function matchesEmpleadoSearch(e: EmpleadoLike, search: string | null | undefined): boolean {
  return matchesSearch(() => empleadoSearchText(e), search);
}

export function compareEmpleados(a: EmpleadoLike, b: EmpleadoLike): number {
  return Number(b.estado === 'Activo') - Number(a.estado === 'Activo') || compareByName(a, b);
}

/** The employees list as shown: matching the search, 'Activo' first, then by first name. */
export function listEmpleados<T extends EmpleadoLike>(empleados: readonly T[], search?: string | null): T[] {
  return empleados.filter((e) => matchesEmpleadoSearch(e, search)).sort(compareEmpleados);
}
