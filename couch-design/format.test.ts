import { describe, expect, it } from 'vitest';
import { abbreviateCount, formatDate, formatDateTime, formatMoney, toIsoDate } from './format';

describe('es-MX money', () => {
  it('formats pesos with thousands separators and two decimals', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(15000)).toBe('$15,000.00');
    expect(formatMoney('2500.75')).toBe('$2,500.75');
  });
  it('shows $0.00 for a missing salary', () => {
    expect(formatMoney(undefined)).toBe('$0.00');
    expect(formatMoney('abc')).toBe('$0.00');
    expect(formatMoney('')).toBe('$0.00');
  });
});

describe('dates', () => {
  it('accepts ISO and dd/mm/yyyy and stores ISO', () => {
    expect(toIsoDate('2026-03-15')).toBe('2026-03-15');
    expect(toIsoDate('15/03/2026')).toBe('2026-03-15');
    expect(toIsoDate('5/3/2026')).toBe('2026-03-05');
    expect(toIsoDate('2026-03-15T10:20:00.000Z')).toBe('2026-03-15');
  });
  it('refuses dates that do not exist', () => {
    expect(toIsoDate('31/02/2026')).toBeNull();
    expect(toIsoDate('2026-13-01')).toBeNull();
    expect(toIsoDate('mañana')).toBeNull();
    expect(toIsoDate(42)).toBeNull();
  });
  it('shows dates day first in es-MX, N/A when missing', () => {
    expect(formatDate('2026-03-15')).toBe('15/03/2026');
    expect(formatDate('15/03/2026')).toBe('15/03/2026');
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('x', '-')).toBe('-');
  });
  it('shows moments in Mexico City time', () => {
    expect(formatDateTime('2026-03-15T18:30:00.000Z')).toMatch(/^15\/03\/2026,? 12:30/);
    expect(formatDateTime(null)).toBe('N/A');
  });
  it('writes the time of day in 24 h, never a.m./p.m.', () => {
    const evening = formatDateTime('2026-03-15T23:05:00.000Z');
    expect(evening).toMatch(/^15\/03\/2026,? 17:05$/);
    expect(evening).not.toMatch(/[ap]\.\s?m\./);
  });
});

describe('star count abbreviations', () => {
  it('uses K, M, B and T', () => {
    expect(abbreviateCount(999)).toBe('999');
    expect(abbreviateCount(1000)).toBe('1K');
    expect(abbreviateCount(20_712)).toBe('20.7K');
    expect(abbreviateCount(2_500_000)).toBe('2.5M');
    expect(abbreviateCount(3_000_000_000)).toBe('3B');
    expect(abbreviateCount(1_200_000_000_000)).toBe('1.2T');
  });
});
