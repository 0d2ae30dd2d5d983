import { describe, expect, it } from 'vitest';
import { expectAnswers } from './testing/answers';
import { abbreviateCount, formatDate, formatDateTime, formatLocalDate, formatLocalTime, formatMomentDate, formatMoney, toIsoDate } from './format';

describe('es-MX money', () => {
  it('formats pesos with thousands separators and two decimals', () => {
    expectAnswers(formatMoney, [
      [1234.5, '$1,234.50'],
      [15000, '$15,000.00'],
      ['2500.75', '$2,500.75'],
    ]);
  });
  it('writes exactly what Intl\'s es-MX currency format writes, rounding included', () => {
    const intl = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
    const edges = [0, -0, 0.005, 0.015, 1.005, 2.675, 0.125, -0.125, -0.001, 1e-7, -1e-7, 999.995, 999_999.999, 1e20, 1e21, 123456789.994, Number.MAX_SAFE_INTEGER, 0.1 + 0.2];
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const drawn = Array.from({ length: 2_000 }, (_, i) => {
      const magnitude = 10 ** Math.floor(random() * 12);
      const v = Math.round(random() * magnitude * 1000) / 10 ** (i % 5);
      return i % 3 === 0 ? -v : v;
    });
    for (const v of [...edges, ...drawn]) expect(formatMoney(v), String(v)).toBe(intl.format(v));
  });
  it('shows $0.00 for a missing salary', () => {
    expectAnswers(formatMoney, [
      [undefined, '$0.00'],
      ['abc', '$0.00'],
      ['', '$0.00'],
    ]);
  });
});

describe('dates', () => {
  it('accepts ISO and dd/mm/yyyy and stores ISO', () => {
    expectAnswers(toIsoDate, [
      ['2026-03-15', '2026-03-15'],
      ['15/03/2026', '2026-03-15'],
      ['5/3/2026', '2026-03-05'],
      ['2026-03-15T10:20:00.000Z', '2026-03-15'],
    ]);
  });
  it('refuses dates that do not exist', () => {
    expectAnswers(toIsoDate, [
      ['31/02/2026', null],
      ['2026-13-01', null],
      ['mañana', null],
      [42, null],
    ]);
  });
  it('shows dates day first in es-MX, N/A when missing', () => {
    expectAnswers(formatDate, [
      ['2026-03-15', '15/03/2026'],
      ['15/03/2026', '15/03/2026'],
      [undefined, 'N/A'],
    ]);
    expect(formatDate('x', '-')).toBe('-');
  });
  it('shows moments in Mexico City time', () => {
    expect(formatDateTime('2026-03-15T18:30:00.000Z')).toMatch(/^15\/03\/2026,? 12:30/);
    expect(formatDateTime(null)).toBe('N/A');
  });
  it('writes a calendar date as Intl does, and a moment\'s day as it was in Mexico City', () => {
    const utc = new Intl.DateTimeFormat('es-MX', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
    const mexico = new Intl.DateTimeFormat('es-MX', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Mexico_City' });
    // Every day of 1999-2027, and every hour around Mexico City's old daylight-saving changes.
    for (let t = Date.UTC(1999, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      expect(formatDate(iso)).toBe(utc.format(new Date(t)));
    }
    for (const start of [Date.UTC(2022, 3, 2), Date.UTC(2022, 9, 29), Date.UTC(2010, 3, 3), Date.UTC(2026, 10, 27)]) {
      for (let t = start; t < start + 3 * 86_400_000; t += 1_800_000) expect(formatMomentDate(new Date(t))).toBe(mexico.format(new Date(t)));
    }
    expect(formatMomentDate(new Date('2026-03-15T05:59:00Z'))).toBe('14/03/2026');
  });
  it('writes a moment on this device as Intl\'s es-MX 24-hour and date formats do, at every hour of a year', () => {
    const time = new Intl.DateTimeFormat('es-MX', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const date = new Intl.DateTimeFormat('es-MX', { day: '2-digit', month: '2-digit', year: 'numeric' });
    for (let t = Date.UTC(2026, 0, 1, 0, 7); t < Date.UTC(2027, 0, 1); t += 3_600_000 + 60_000) {
      expect(formatLocalTime(new Date(t))).toBe(time.format(t));
      expect(formatLocalDate(new Date(t))).toBe(date.format(t));
    }
  });
  it('writes a moment as Intl does in Mexico City, by hand since its clock stopped changing and through Intl before', () => {
    const mexico = new Intl.DateTimeFormat('es-MX', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'America/Mexico_City' });
    const day = new Intl.DateTimeFormat('es-MX', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Mexico_City' });
    // Every 61 minutes from April 2022 (daylight saving time still on) to 2028, the last change included.
    for (let t = Date.UTC(2022, 3, 1, 0, 3); t < Date.UTC(2028, 0, 1); t += 3_660_000) {
      expect(formatDateTime(new Date(t))).toBe(mexico.format(t));
      expect(formatMomentDate(new Date(t))).toBe(day.format(t));
    }
    for (let t = Date.UTC(2022, 9, 30, 5); t < Date.UTC(2022, 9, 30, 10); t += 60_000) expect(formatDateTime(new Date(t))).toBe(mexico.format(t));
  });
  it('writes the time of day in 24 h, never a.m./p.m.', () => {
    const evening = formatDateTime('2026-03-15T23:05:00.000Z');
    expect(evening).toMatch(/^15\/03\/2026,? 17:05$/);
    expect(evening).not.toMatch(/[ap]\.\s?m\./);
  });
});

describe('star count abbreviations', () => {
  it('uses K, M, B and T', () => {
    expectAnswers(abbreviateCount, [
      [999, '999'],
      [1000, '1K'],
      [20_712, '20.7K'],
      [2_500_000, '2.5M'],
      [3_000_000_000, '3B'],
      [1_200_000_000_000, '1.2T'],
    ]);
  });
});
