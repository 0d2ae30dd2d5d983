/**
 * Whether a payslip's `url` is safe to put in a link: an https address, or a path of this
 * application that a browser reads as one.
 *
 * A browser does not read the text as stored: it removes every tab, line feed and carriage return
 * anywhere in it (and control characters at its ends), and reads `\` as `/` in http(s) URLs. So
 * `"/\t/evil.example"` becomes `//evil.example`, another site. Rather than guess what each
 * browser makes of such text, any control character and any backslash is refused outright; what
 * is left is read the way a browser reads it.
 */
function hasControlOrBackslash(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x5c /* \ */) return true;
  }
  return false;
}

export function isSafeUrl(v: string): boolean {
  if (hasControlOrBackslash(v)) return false;
  // A path of this origin: one leading slash, never two (`//host` is another site).
  if (v.startsWith('/')) return !v.startsWith('//');
  // Spelled out in full: browsers resolve `https:host` against the page, not as the host it seems to name.
  if (!/^https:\/\/[^/]/i.test(v)) return false;
  try {
    return new URL(v).protocol === 'https:';
  } catch {
    return false;
  }
}
