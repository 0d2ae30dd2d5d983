/**
 * The 32 federal entities of Mexico, for the property address (specification 001, section 2.3).
 *
 * Names are the ones people write on an address, not the constitutional long forms: 'Coahuila'
 * (Coahuila de Zaragoza), 'Michoacán' (Michoacán de Ocampo), 'Veracruz' (Veracruz de Ignacio de la
 * Llave) and 'Estado de México' (officially just 'México', which would read as the country).
 * `normalizeEstado` maps the long forms and the usual abbreviations onto these, so legacy records
 * and typed input still land on a value of the list.
 */
export const ESTADOS_MEXICO = [
  'Aguascalientes',
  'Baja California',
  'Baja California Sur',
  'Campeche',
  'Chiapas',
  'Chihuahua',
  'Ciudad de México',
  'Coahuila',
  'Colima',
  'Durango',
  'Estado de México',
  'Guanajuato',
  'Guerrero',
  'Hidalgo',
  'Jalisco',
  'Michoacán',
  'Morelos',
  'Nayarit',
  'Nuevo León',
  'Oaxaca',
  'Puebla',
  'Querétaro',
  'Quintana Roo',
  'San Luis Potosí',
  'Sinaloa',
  'Sonora',
  'Tabasco',
  'Tamaulipas',
  'Tlaxcala',
  'Veracruz',
  'Yucatán',
  'Zacatecas',
] as const;

export type EstadoMexico = (typeof ESTADOS_MEXICO)[number];

const fold = (s: string): string =>
  s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[.\s]+/g, ' ').trim().toLowerCase();

const ALIASES: Record<string, EstadoMexico> = {
  'coahuila de zaragoza': 'Coahuila',
  'michoacan de ocampo': 'Michoacán',
  'veracruz de ignacio de la llave': 'Veracruz',
  'veracruz llave': 'Veracruz',
  mexico: 'Estado de México',
  'edo de mexico': 'Estado de México',
  'edo mex': 'Estado de México',
  edomex: 'Estado de México',
  'estado de mexico': 'Estado de México',
  cdmx: 'Ciudad de México',
  'cd de mexico': 'Ciudad de México',
  'distrito federal': 'Ciudad de México',
  df: 'Ciudad de México',
  'queretaro de arteaga': 'Querétaro',
  bc: 'Baja California',
  bcs: 'Baja California Sur',
};

const BY_FOLDED = new Map<string, EstadoMexico>(ESTADOS_MEXICO.map((e) => [fold(e), e]));

export function isEstadoMexico(value: unknown): value is EstadoMexico {
  return typeof value === 'string' && (ESTADOS_MEXICO as readonly string[]).includes(value);
}

/** 'MICHOACAN DE OCAMPO' -> 'Michoacán'; unknown text is returned trimmed, for validation to refuse. */
export function normalizeEstado(value: string): string {
  const folded = fold(value);
  return BY_FOLDED.get(folded) ?? ALIASES[folded] ?? value.trim();
}
