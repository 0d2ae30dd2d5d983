/**
 * The Desde / Hasta filter of the employee's payroll lives in the URL (`?desde=&hasta=`, ISO), so a
 * reload or a shared link shows the same payslips (docs/architecture.md section 5). Other parameters of the
 * page are kept.
 */
import { useSearchParams } from 'react-router-dom';
import { toIsoDate } from '../../../../../couch-design/format';
import { DATE_FILTER_PARAMS } from '../../../../../couch-design/nomina';

export interface DateRange {
  /** yyyy-mm-dd, or '' when not set. */
  desde: string;
  hasta: string;
}

/** dd/mm/yyyy in a shared link reads too; anything that is no date reads as not set. */
export function readDateRange(params: URLSearchParams): DateRange {
  return { desde: toIsoDate(params.get('desde') ?? '') ?? '', hasta: toIsoDate(params.get('hasta') ?? '') ?? '' };
}

export function writeDateRange(range: DateRange, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of DATE_FILTER_PARAMS) {
    const iso = toIsoDate(range[key]);
    if (iso) next.set(key, iso);
    else next.delete(key);
  }
  return next;
}

/** Desde after Hasta: no payslip can match. */
export const isInverted = (r: DateRange): boolean => r.desde !== '' && r.hasta !== '' && r.desde > r.hasta;

export interface DateRangeUrl extends DateRange {
  set: (range: Partial<DateRange>) => void;
  clear: () => void;
}

export function useDateRangeUrl(): DateRangeUrl {
  const [params, setParams] = useSearchParams();
  const range = readDateRange(params);
  return {
    ...range,
    // Each change is a step of the history: Atrás undoes the last filter.
    set: (change) => setParams(writeDateRange({ ...range, ...change }, params)),
    clear: () => setParams(writeDateRange({ desde: '', hasta: '' }, params)),
  };
}
