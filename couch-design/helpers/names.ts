/** How people are named on screen, in PDFs and in answers (display, not input rules). */
import { plainText } from './values';

/** The name parts of a user or an employee (spec 000 section 3), as loose as stored records are. */
export interface NameParts {
  prim_nom?: unknown;
  segun_nom?: unknown;
  apell_pa?: unknown;
  apell_ma?: unknown;
}

/** 'Juan Carlos Pérez López': the name parts that are present, trimmed, in the order of section 3. */
export function fullName(p: NameParts | null | undefined): string {
  if (!p) return '';
  return [p.prim_nom, p.segun_nom, p.apell_pa, p.apell_ma]
    .map((s) => (typeof s === 'string' ? s.trim() : ''))
    .filter(Boolean)
    .join(' ');
}

/** The name and contact fields both people lists read (users and employees). */
export interface PersonListFields {
  _id?: string;
  prim_nom?: string;
  segun_nom?: string;
  apell_pa?: string;
  apell_ma?: string;
  email?: string;
  pust?: string;
  telefono?: string;
}

// Built on first use (see lazily in ../format.ts).
let madeCollator: Intl.Collator | undefined;
const collator = (): Intl.Collator => (madeCollator ??= new Intl.Collator('es', { sensitivity: 'base', numeric: true }));

/** People lists (users, employees): by first name, then the full name, then id, so the order is total. */
export function compareByName(a: NameParts & { _id?: unknown }, b: NameParts & { _id?: unknown }): number {
  return (
    collator().compare(plainText(a.prim_nom), plainText(b.prim_nom)) ||
    collator().compare(fullName(a), fullName(b)) ||
    plainText(a._id).localeCompare(plainText(b._id))
  );
}

const optText = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A person's identity and name as every answer carries them (users and employees alike). */
export function publicName(doc: NameParts & { _id: string }): { _id: string; id: string; prim_nom: string; segun_nom?: string; apell_pa: string; apell_ma: string } {
  return {
    _id: doc._id,
    id: doc._id,
    prim_nom: optText(doc.prim_nom) ?? '',
    segun_nom: optText(doc.segun_nom),
    apell_pa: optText(doc.apell_pa) ?? '',
    apell_ma: optText(doc.apell_ma) ?? '',
  };
}

/** `num_in`, or the legacy spelling `nun_in` of section 3 when only that is stored. */
export const interiorNumber = (doc: { num_in?: unknown; nun_in?: unknown }): string | undefined => optText(doc.num_in) ?? optText(doc.nun_in);
