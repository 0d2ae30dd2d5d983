/**
 * Each section of a version as label/value lines, so two versions can be read side by side on
 * the conflict screen. Pure. The label/value sections are the PDF's rows (`printedRows`): one flat
 * list per section, every field of it, its labels keeping the context a heading would give.
 */
import { formToDoc, lastUpdate, printedRows, type Captacion } from '../../../../../couch-design/captacion';
import { formatDateTime } from '../../../../../couch-design/format';
import { money, orDash } from '../../../components/feedback';
import { SCREEN_VALUES } from '../row-values';
import { SIN_ADEUDOS, SIN_REFERENCIAS_DETALLE } from '../texts';
import type { SectionKey } from './merge';

export interface Line {
  label: string;
  value: string;
}

export function describeSection(raw: Captacion, key: SectionKey): Line[] {
  const c = formToDoc(raw as unknown as Record<string, unknown>);
  switch (key) {
    case 'adeudos':
      return c.propiedad.adeudos.length === 0
        ? [{ label: 'Adeudos', value: SIN_ADEUDOS }]
        : c.propiedad.adeudos.map((a, i) => ({
            label: `Adeudo ${i + 1}`,
            value: [orDash(a.tipo), money(a.monto), a.numero_referencia ? `Ref. ${a.numero_referencia}` : '', a.descripcion].filter(Boolean).join(' · '),
          }));
    case 'referencias':
      return c.referencias_personales.length === 0
        ? [{ label: 'Referencias', value: SIN_REFERENCIAS_DETALLE }]
        : c.referencias_personales.map((r, i) => ({
            label: `Referencia ${i + 1}`,
            value: [orDash(r.nombre), r.relacion, r.telefono, r.direccion].filter(Boolean).join(' · '),
          }));
    default:
      return printedRows(c, key, SCREEN_VALUES).map(([label, value]) => ({ label, value }));
  }
}

/** 'Versión A · María López, 03/05/2026 10:15' – who wrote it, when the server stamped it. */
export function versionLabel(doc: Captacion, index: number): string {
  const letter = String.fromCharCode(65 + index);
  const last = lastUpdate(doc);
  const who = last ? `${last.usuario}${last.fecha ? `, ${formatDateTime(last.fecha, '')}` : ''}` : 'sin registro de edición';
  return `Versión ${letter} · ${who}`;
}
