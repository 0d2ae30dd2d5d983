/** Reading loosely typed values (stored documents, request bodies) without trusting their shape. */

export type Dict = Record<string, unknown>;

/** A plain object: not null, not an array. */
export const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value as an object, `{}` when it is none, so nested reads never throw. */
export const dict = (v: unknown): Dict => (isDict(v) ? v : {});

/** undefined, null or only spaces: what every form and rule treats as "not filled". */
export const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Trimmed text, '' for anything that is not a string. */
export const trimmed = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** Text as typed or stored: a string as it is, a finite number as its digits, '' otherwise. */
export const plainText = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

/** A live revision: present and not a deletion. */
export const isLive = (d: Dict | null | undefined): d is Dict => !!d && d._deleted !== true;
