/**
 * A short Spanish name for a device from its User-Agent ('Chrome en Android', 'Safari en iPad'),
 * for a person to tell their sessions apart in 'Mis dispositivos'. Only the browser family and
 * the system: no versions, no model, nothing that identifies the device beyond what a person
 * would say of it. Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome
 * also says "Safari", and iPadOS may say "Macintosh" with touch support (unknowable here).
 */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/Chrom(e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPad\b/, 'iPad'],
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export const UNKNOWN_DEVICE = 'Navegador desconocido';
/** A User-Agent longer than this is not read (nothing of ours needs more). */
const MAX_READ = 512;

export function deviceLabel(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, MAX_READ);
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} en ${system}`;
  return browser ?? (system ? `Navegador en ${system}` : UNKNOWN_DEVICE);
}
