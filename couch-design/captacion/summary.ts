/**
 * The client validation banner (spec section 8): 'Corrija los siguientes errores antes de
 * guardar: ' followed by per-section lists – Propietario, Propiedad, Referencias, Documentación,
 * and Venta only while en_venta is on.
 *
 * Problems of blocks the specification's banner does not name (debts, employment, the captación
 * block) still block saving, so they get their own section instead of vanishing: 'Adeudos' and
 * 'Datos Laborales' (their tabs) and 'Captación'. Sections come in tab order and only when they
 * hold something.
 */
import { CAPTACION_LABELS } from './labels';
import { ERROR_SUMMARY_PREFIX, MSG } from './messages';
import type { ValidationIssue } from './types';

export { ERROR_SUMMARY_PREFIX };

export type ErrorSectionName =
  | 'Propietario'
  | 'Propiedad'
  | 'Adeudos'
  | 'Datos Laborales'
  | 'Referencias'
  | 'Documentación'
  | 'Venta'
  | 'Captación';

export interface ErrorSection {
  section: ErrorSectionName;
  /** Index of the tab holding the fields (CAPTACION_TABS), or null when no tab shows them. */
  tab: number | null;
  messages: string[];
}

const SECTIONS: Array<{ section: ErrorSectionName; tab: number | null; match: RegExp }> = [
  { section: 'Propietario', tab: 0, match: /^propietario(\.|$)/ },
  { section: 'Adeudos', tab: 2, match: /^propiedad\.adeudos(\.|\[|$)/ },
  { section: 'Propiedad', tab: 1, match: /^propiedad(\.|$)/ },
  { section: 'Datos Laborales', tab: 3, match: /^datos_laborales(\.|$)/ },
  { section: 'Referencias', tab: 4, match: /^referencias_personales(\.|\[|$)/ },
  { section: 'Documentación', tab: 5, match: /^(documentacion|documentos_entregados|documentos)(\.|$)/ },
  { section: 'Venta', tab: 6, match: /^venta(\.|$)/ },
];
const ORDER: ErrorSectionName[] = [
  'Propietario',
  'Propiedad',
  'Adeudos',
  'Datos Laborales',
  'Referencias',
  'Documentación',
  'Venta',
  'Captación',
];

/** Messages that do not say which field they are about get its label in front. */
const GENERIC = new Set<string>([
  MSG.mayorACero,
  MSG.noNegativo,
  MSG.numeroInvalido,
  MSG.booleanoInvalido,
  MSG.formatoInvalido,
  MSG.fechaInvalida,
  MSG.correoFormato,
]);

const { propiedad, adeudo, laborales, venta, comprador } = CAPTACION_LABELS;
const LABELS: Record<string, string> = {
  m2_terreno: propiedad.m2_terreno.entry,
  m2_construccion: propiedad.m2_construccion.entry,
  habitaciones: propiedad.habitaciones.entry,
  baños: propiedad.baños.entry,
  cocheras: propiedad.cocheras.entry,
  año_construccion: propiedad.año_construccion.entry,
  monto: adeudo.monto.entry,
  // The unit follows in the message itself where it matters: the short names read better there.
  antiguedad: laborales.antiguedad.shown,
  ingresos_mensuales: laborales.ingresos_mensuales.entry,
  precio_venta: venta.precio_venta.entry,
  comision_venta: venta.comision_venta.shown,
  fecha_venta: venta.fecha_venta.entry,
  'comprador.correo': comprador.correo.entry,
  // Any other e-mail field (the owner's): the generic name.
  correo: 'Correo',
};

function label(param: string): string | undefined {
  const parts = param.split('.');
  return LABELS[parts.slice(-2).join('.')] ?? LABELS[parts[parts.length - 1].replace(/\[\d+\]$/, '')];
}

function describe(param: string, msg: string): string {
  const fieldLabel = GENERIC.has(msg) ? label(param) : undefined;
  const text = fieldLabel ? `${fieldLabel}: ${msg}` : msg;
  const row = /^(referencias_personales|propiedad\.adeudos)\[(\d+)\]/.exec(param);
  if (!row) return text;
  const noun = row[1] === 'referencias_personales' ? 'Referencia' : 'Adeudo';
  return `${noun} ${Number(row[2]) + 1}: ${text}`;
}

/** Groups problems by the banner's sections; Venta is left out while en_venta is off. */
export function errorsBySection(errors: ValidationIssue[], enVenta: boolean): ErrorSection[] {
  const grouped = new Map<ErrorSectionName, ErrorSection>();
  for (const { param, msg } of errors) {
    const found = SECTIONS.find((s) => s.match.test(param));
    const section = found?.section ?? 'Captación';
    if (section === 'Venta' && !enVenta) continue;
    let entry = grouped.get(section);
    if (!entry) {
      entry = { section, tab: found?.tab ?? null, messages: [] };
      grouped.set(section, entry);
    }
    const line = describe(param, msg);
    if (!entry.messages.includes(line)) entry.messages.push(line);
  }
  return ORDER.flatMap((name) => grouped.get(name) ?? []);
}

/** The banner as one line of text: prefix, then 'Sección: a, b; Sección: c'. '' when nothing is wrong. */
export function errorSummaryText(errors: ValidationIssue[], enVenta: boolean): string {
  const sections = errorsBySection(errors, enVenta);
  if (sections.length === 0) return '';
  return ERROR_SUMMARY_PREFIX + sections.map((s) => `${s.section}: ${s.messages.join(', ')}`).join('; ');
}
