/**
 * The browser's localStorage or sessionStorage, or null where there is none or it is disabled
 * (privacy mode throws on access): every caller keeps working without it, online.
 */
export function browserStorage(kind: 'local' | 'session'): Storage | null {
  try {
    return (kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage) ?? null;
  } catch {
    return null;
  }
}
