import { INTERIOR, CP } from '../texts';

type Address = { calle?: string; nun_ex?: string; num_in?: string; codigo?: string };

/** 'Av. Juárez 120, Int. 4B, CP 44100' (spec 000 section 2: interior number as 'Int.', postal code as 'CP'); '' when empty. */
export function formatAddress(a: Address): string {
  const street = [a.calle, a.nun_ex].map((s) => (s ?? '').trim()).filter(Boolean).join(' ');
  const parts = [street, a.num_in?.trim() ? `${INTERIOR} ${a.num_in.trim()}` : '', a.codigo?.trim() ? `${CP} ${a.codigo.trim()}` : ''];
  return parts.filter(Boolean).join(', ');
}
