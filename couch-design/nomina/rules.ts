/**
 * Payroll rules shared by the gateway and the PWA: how a payslip is shown (spec 000 sections 2
 * and 9), the Desde/Hasta date filter (section 5) and the newest-first order of every payroll list.
 */
import { formatDate, formatMoney, toIsoDate } from '../format';
import { newestFirst } from '../helpers/order';
import { plainText } from '../helpers/values';
import type { NominaLike } from './types';

/** Section 9: without a date filter a payroll list asks for 20 payslips (`limite=20`). */
export const NOMINAS_DEFAULT_LIMIT = 20;

export const SIN_CONCEPTO = 'Sin concepto';
export const SIN_FECHA = 'N/A';

/** The payment concept, or 'Sin concepto' when the payslip has none. */
export function conceptoLabel(n: NominaLike): string {
  const c = n?.conceptoDePago;
  return typeof c === 'string' && c.trim() !== '' ? c.trim() : SIN_CONCEPTO;
}

/** The payment date in es-MX ('15/11/2026'), or 'N/A' when missing or not a date. */
export const fechaLabel = (n: NominaLike): string => formatDate(n?.fecha, SIN_FECHA);

/** The amount in Mexican pesos ('$15,250.50'), or '$0.00' when missing. */
export const salarioLabel = (n: NominaLike): string => formatMoney(n?.salario);

/** Desde / Hasta as typed: dd/mm/yyyy or yyyy-mm-dd, either may be empty. */
/** The query (REST) and URL (screens) parameters of the Desde / Hasta filter. */
export const DATE_FILTER_PARAMS = ['desde', 'hasta'] as const;

export interface DateFilter {
  desde?: string | null;
  hasta?: string | null;
}

/** The filter with both ends ISO; an end that is empty or no date is dropped (null). */
export function normalizeDateFilter(filter: DateFilter): { desde: string | null; hasta: string | null } {
  return { desde: toIsoDate(filter.desde ?? null), hasta: toIsoDate(filter.hasta ?? null) };
}

export function hasDateFilter(filter: DateFilter): boolean {
  const f = normalizeDateFilter(filter);
  return f.desde !== null || f.hasta !== null;
}

/**
 * Desde keeps payslips paid on or after it, Hasta on or before it; the payslip's date is read
 * from dd/mm/yyyy or ISO. With either end set, a payslip without a readable date is left out.
 */
export function inDateRange(n: NominaLike, filter: DateFilter): boolean {
  const { desde, hasta } = normalizeDateFilter(filter);
  if (desde === null && hasta === null) return true;
  const fecha = toIsoDate(n?.fecha);
  if (fecha === null) return false;
  return (desde === null || fecha >= desde) && (hasta === null || fecha <= hasta);
}

/** Newest payment first; payslips without a date last; equal dates by id, so the order is stable. */
export const compareNominasNewestFirst: (a: NominaLike, b: NominaLike) => number = newestFirst((n) => toIsoDate(n?.fecha), {
  id: (n) => plainText(n?._id),
  ties: 'descending',
});

/** Filter by date, then newest first: what every payroll table shows. */
export function filterNominas<T extends NonNullable<NominaLike>>(list: readonly T[], filter: DateFilter = {}): T[] {
  return list.filter((n) => inDateRange(n, filter)).sort(compareNominasNewestFirst);
}
