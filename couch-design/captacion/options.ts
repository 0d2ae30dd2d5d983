/**
 * Option lists of the captación screens. The specification gives the create and the edit screen
 * different lists (section 3.3); docs/architecture.md section 7 decides one list per option, the union of both
 * readings, so a value saved by one screen is always editable by the other.
 */

export const ESTADO_CIVIL_OPTIONS = ['Soltero', 'Casado', 'Divorciado', 'Viudo', 'Unión Libre'] as const;

/** Create screen: Casa … Edificio; edit screen adds Local Comercial and Oficina. */
export const TIPO_PROPIEDAD_OPTIONS = [
  'Casa',
  'Departamento',
  'Terreno',
  'Local',
  'Local Comercial',
  'Bodega',
  'Edificio',
  'Oficina',
] as const;

/** The edit screen adds Gas. */
export const TIPO_ADEUDO_OPTIONS = ['Predial', 'Agua', 'Hipoteca', 'CFE', 'Mantenimiento', 'Gas', 'Otro'] as const;

/** Create: Contado, INFONAVIT, Crédito Bancario; edit: Contado, Infonavit, Fovissste, Bancario, Mixto. */
export const TIPO_CREDITO_OPTIONS = ['Contado', 'INFONAVIT', 'FOVISSSTE', 'Crédito Bancario', 'Mixto'] as const;

const fold = (s: string): string =>
  s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

const CREDITO_READINGS: Record<string, (typeof TIPO_CREDITO_OPTIONS)[number]> = {
  contado: 'Contado',
  infonavit: 'INFONAVIT',
  fovissste: 'FOVISSSTE',
  bancario: 'Crédito Bancario',
  'credito bancario': 'Crédito Bancario',
  mixto: 'Mixto',
};

/** The edit screen's readings ('Infonavit', 'Fovissste', 'Bancario') onto the union values. */
export function normalizeTipoCredito(value: string | null | undefined): string {
  if (typeof value !== 'string') return '';
  return CREDITO_READINGS[fold(value)] ?? value.trim();
}

export const TURNO_OPTIONS = ['Matutino', 'Vespertino', 'Nocturno', 'Mixto'] as const;

export const PARENTESCO_OPTIONS = ['Familiar', 'Amigo', 'Vecino', 'Compañero de Trabajo', 'Otro'] as const;

export const ESTATUS_VENTA_OPTIONS = ['En proceso', 'Vendida', 'Cancelada'] as const;
export const DEFAULT_ESTATUS_VENTA = 'En proceso';

/**
 * Only 'Abierta' (the default) is named by the specification; 'Exclusiva' is the other kind of
 * listing agreement Mexican agencies sign.
 */
export const TIPO_CAPTACION_OPTIONS = ['Abierta', 'Exclusiva'] as const;
export const DEFAULT_TIPO_CAPTACION = 'Abierta';

export type ChipColor = 'blue' | 'purple' | 'amber' | 'green' | 'red' | 'grey';

export interface StatusChip {
  label: string;
  color: ChipColor;
}

/** List statuses with their chip colours (spec section 4), in the order a record moves through. */
export const ESTATUS_CAPTACION: ReadonlyArray<StatusChip> = [
  { label: 'Pendiente', color: 'grey' },
  { label: 'Captación', color: 'blue' },
  { label: 'En trámite legal', color: 'purple' },
  { label: 'En remodelación', color: 'amber' },
  { label: 'En venta', color: 'green' },
  { label: 'Vendida', color: 'green' },
  { label: 'Cancelada', color: 'red' },
];
export const ESTATUS_CAPTACION_OPTIONS = ESTATUS_CAPTACION.map((s) => s.label);
export const DEFAULT_ESTATUS_CAPTACION = 'Pendiente';
export const MISSING_ESTATUS_LABEL = 'Desconocido';

function chipFrom(list: ReadonlyArray<StatusChip>, estatus: unknown): StatusChip {
  if (typeof estatus !== 'string' || estatus.trim() === '') return { label: MISSING_ESTATUS_LABEL, color: 'grey' };
  const known = list.find((s) => fold(s.label) === fold(estatus));
  return known ? { ...known } : { label: estatus.trim(), color: 'grey' };
}

/** The list's status chip; unknown statuses keep their text in grey, a missing one reads 'Desconocido'. */
export function statusChip(estatus: unknown): StatusChip {
  return chipFrom(ESTATUS_CAPTACION, estatus);
}

const VENTA_CHIPS: ReadonlyArray<StatusChip> = [
  { label: 'En proceso', color: 'amber' },
  { label: 'Vendida', color: 'green' },
  { label: 'Cancelada', color: 'red' },
];

/** Sale status chip of the detail screen (colours not specified; chosen to match the list's). */
export function saleStatusChip(estatus: unknown): StatusChip {
  return chipFrom(VENTA_CHIPS, estatus);
}

const ADEUDO_CHIPS: ReadonlyArray<StatusChip> = [
  { label: 'Pendiente', color: 'amber' },
  { label: 'En convenio', color: 'blue' },
  { label: 'Pagado', color: 'green' },
];

/** Debt status chip of the detail screen. */
export function debtStatusChip(estatus: unknown): StatusChip {
  return chipFrom(ADEUDO_CHIPS, estatus);
}

/** The seven tabs of create, edit and detail, in order (spec 2.3, 2.4, 2.6). */
export const CAPTACION_TABS = [
  'Propietario',
  'Propiedad',
  'Adeudos',
  'Datos Laborales',
  'Referencias',
  'Documentos',
  'Venta',
] as const;
export const TAB_COUNT = CAPTACION_TABS.length;
