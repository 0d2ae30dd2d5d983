/** es-MX formatting and the date rules of docs/architecture.md section 7 (stored ISO, dd/mm/yyyy accepted). */

/**
 * An Intl formatter built on its first use, not when the module loads: building one costs a
 * phone several milliseconds of locale data, which a page would pay before its first screen.
 */
export function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const money = lazily(() => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }));

/**
 * 1234.5 -> '$1,234.50'; missing or not a number -> '$0.00' (spec 000 section 9).
 *
 * Written out by hand, the same text as Intl's es-MX currency format (format.test.ts compares
 * them): the first Intl.NumberFormat costs a phone's main thread several milliseconds of locale
 * data, and a message built when its module loads paid that before the first screen. Like Intl,
 * it rounds half away from zero the number as written (1.005 -> '$1.01').
 */
export function formatMoney(value: unknown): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  const x = Number.isFinite(n) ? n : 0;
  const abs = Math.abs(x);
  // String() writes these with an exponent; Intl knows them.
  if (abs >= 1e21 || (abs > 0 && abs < 1e-6)) return money().format(x);
  const [whole, decimals = ''] = String(abs).split('.');
  const cents = BigInt(whole + decimals.padEnd(2, '0').slice(0, 2)) + (decimals[2] >= '5' ? 1n : 0n);
  const digits = cents.toString().padStart(3, '0');
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  return `${sign}$${digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',')}.${digits.slice(-2)}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const DMY_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function validYmd(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * Accepts 'yyyy-mm-dd' (optionally followed by a time) or 'dd/mm/yyyy' and answers
 * 'yyyy-mm-dd', or null when the text is not a real calendar date.
 */
export function toIsoDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return null;
  const s = value.trim();
  let y: number, m: number, d: number;
  const iso = ISO_DATE.exec(s);
  const dmy = DMY_DATE.exec(s);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dmy) [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else return null;
  return validYmd(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null;
}

/** The app's one way to write a time of day: 24 h ('17:05'), never a.m./p.m. (issue 11). */
const TIME_24H: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** A moment's time of day on this device, in 24 h ('17:05'); without Intl, as formatMoney. */
export const formatLocalTime = (moment: Date): string => `${pad(moment.getHours())}:${pad(moment.getMinutes())}`;

/** A moment's date on this device ('21/11/2026'); without Intl, as formatMoney. */
export const formatLocalDate = (moment: Date): string => `${pad(moment.getDate())}/${pad(moment.getMonth() + 1)}/${moment.getFullYear()}`;
const dateTimeFmt = lazily(
  () => new Intl.DateTimeFormat('es-MX', { day: '2-digit', month: '2-digit', year: 'numeric', ...TIME_24H, timeZone: 'America/Mexico_City' }),
);

/**
 * Mexico City has kept UTC−6 all year since daylight saving time ended there for good, at 2:00
 * (UTC−5) on 30 October 2022 (Ley de los Husos Horarios en los Estados Unidos Mexicanos). A moment
 * since then is written by hand, the same text as Intl's (format.test.ts compares them): the first
 * Intl.DateTimeFormat with a time zone costs a phone's main thread tens of milliseconds of locale
 * and time-zone data, in the task that draws the list's first rows. Earlier moments, under the old
 * rules, go through Intl.
 */
const FIXED_OFFSET_SINCE_MS = Date.UTC(2022, 9, 30, 7);
const MEXICO_CITY_OFFSET_MS = -6 * 3_600_000;

/** The date and time of day a moment was in Mexico City, as numbers; null before FIXED_OFFSET_SINCE_MS. */
function mexicoCityClock(moment: Date): { y: number; m: number; d: number; hh: number; mm: number } | null {
  const ms = moment.getTime();
  if (ms < FIXED_OFFSET_SINCE_MS) return null;
  const wall = new Date(ms + MEXICO_CITY_OFFSET_MS);
  return { y: wall.getUTCFullYear(), m: wall.getUTCMonth() + 1, d: wall.getUTCDate(), hh: wall.getUTCHours(), mm: wall.getUTCMinutes() };
}

/** A calendar date in es-MX ('21/11/2026'); `fallback` when missing or invalid (spec: 'N/A'). Without Intl, as formatMoney. */
export function formatDate(value: unknown, fallback = 'N/A'): string {
  const iso = toIsoDate(value);
  if (!iso) return fallback;
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${Number(y)}`;
}

/** A moment (ISO timestamp) in es-MX with the time, in Mexico City's time zone ('21/11/2026, 17:05'). */
export function formatDateTime(value: unknown, fallback = 'N/A'): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return fallback;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return fallback;
  const c = mexicoCityClock(d);
  return c ? `${pad(c.d)}/${pad(c.m)}/${c.y}, ${pad(c.hh)}:${pad(c.mm)}` : dateTimeFmt().format(d);
}

/**
 * The day a moment was in Mexico City ('21/11/2026'), as formatDateTime writes it: the list
 * writes both on every row.
 */
export function formatMomentDate(moment: Date): string {
  const c = mexicoCityClock(moment);
  if (c) return `${pad(c.d)}/${pad(c.m)}/${c.y}`;
  const parts = dateTimeFmt().formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')}`;
}

/** Star counts of the settings drawer: 1234 -> '1.2K', 2_500_000 -> '2.5M', then B and T. */
export function abbreviateCount(n: number): string {
  const units: Array<[number, string]> = [[1e12, 'T'], [1e9, 'B'], [1e6, 'M'], [1e3, 'K']];
  for (const [size, suffix] of units) {
    if (Math.abs(n) >= size) return `${(n / size).toFixed(1).replace(/\.0$/, '')}${suffix}`;
  }
  return String(n);
}

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Milliseconds of a moment written as an ISO timestamp with its zone ('2025-03-14T16:45:00.000Z',
 * '2025-03-14T10:45-06:00'); null for anything else, impossible calendar dates included.
 */
export function timestampMs(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = TIMESTAMP.exec(value.trim());
  if (!m || toIsoDate(m[1]) === null) return null;
  const ms = Date.parse(value.trim());
  return Number.isFinite(ms) ? ms : null;
}
