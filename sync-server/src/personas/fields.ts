import type { PersonDoc } from './transaction';

/**
 * Applies validated form fields to a stored document: a field sent empty is removed (an optional
 * field cleared), one left out keeps its value, and `num_in` replaces the legacy `nun_in`.
 */
export function applyFields<T extends PersonDoc>(doc: T, fields: Record<string, unknown>): T {
  const next = { ...doc } as Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value === '') delete next[key];
    else next[key] = value;
  }
  if (fields.num_in !== undefined) delete next.nun_in;
  return next as T;
}

/** The fields of a new document: empty optional fields left out. */
export function presentFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== ''));
}
