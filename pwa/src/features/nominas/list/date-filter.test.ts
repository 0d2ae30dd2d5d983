import { describe, expect, it } from 'vitest';
import { isInverted, readDateRange, writeDateRange } from './date-filter';

describe('payroll date filter in the URL', () => {
  it('reads ISO and dd/mm/yyyy, and drops what is no date', () => {
    expect(readDateRange(new URLSearchParams('desde=2026-01-01&hasta=31/03/2026'))).toEqual({ desde: '2026-01-01', hasta: '2026-03-31' });
    expect(readDateRange(new URLSearchParams('desde=31/02/2026&hasta=mañana'))).toEqual({ desde: '', hasta: '' });
    expect(readDateRange(new URLSearchParams(''))).toEqual({ desde: '', hasta: '' });
  });

  it('writes only the ends that are set, ISO, and keeps the other parameters', () => {
    const base = new URLSearchParams('tab=laboral&desde=2025-01-01');
    expect(writeDateRange({ desde: '', hasta: '15/06/2026' }, base).toString()).toBe('tab=laboral&hasta=2026-06-15');
    expect(writeDateRange({ desde: '', hasta: '' }, base).toString()).toBe('tab=laboral');
  });

  it('knows a Desde after Hasta matches nothing', () => {
    expect(isInverted({ desde: '2026-02-01', hasta: '2026-01-31' })).toBe(true);
    expect(isInverted({ desde: '2026-01-31', hasta: '2026-01-31' })).toBe(false);
    expect(isInverted({ desde: '2026-02-01', hasta: '' })).toBe(false);
  });
});
