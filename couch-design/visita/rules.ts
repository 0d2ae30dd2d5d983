/** How visits are listed, filtered and printed: newest first (by day and time of the showing), this week's. */
import type { PdfList } from '../pdf/captacion';
import type { VisitaDatos } from './schema';

export const VISITAS_TITULO = 'Visitas';
export const SIN_VISITAS = 'Aún no hay visitas registradas.';

export const VISITA_LABELS = {
  fecha: 'Fecha',
  hora: 'Hora',
  visitante: 'Nombre del visitante',
  telefono: 'Teléfono',
  comentarios: 'Comentarios',
  resultado: 'Resultado',
} as const satisfies Record<keyof VisitaDatos, string>;

type Listed = Pick<VisitaDatos, 'fecha' | 'hora'> & { _id?: string };

/** Newest first; the same moment by id, so the order never changes between two reads. */
export function newestFirst<V extends Listed>(visitas: readonly V[]): V[] {
  const key = (v: V) => `${v.fecha} ${v.hora}`;
  return [...visitas].sort((a, b) => key(b).localeCompare(key(a)) || String(a._id).localeCompare(String(b._id)));
}

/** 'dd/mm/aaaa' of a 'aaaa-mm-dd' day, as the screens write dates. */
export function fechaVisita(fecha: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(fecha);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : fecha;
}

/** The captación PDF's list of visits. */
export function visitasPdfList(visitas: readonly VisitaDatos[]): PdfList {
  const L = VISITA_LABELS;
  return {
    title: VISITAS_TITULO,
    columns: [L.fecha, L.hora, L.visitante, L.telefono, L.resultado, L.comentarios],
    rows: newestFirst(visitas).map((v) => [fechaVisita(v.fecha), v.hora, v.visitante, v.telefono, v.resultado, v.comentarios || '-']),
    empty: SIN_VISITAS,
  };
}

const day = (d: Date): string => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** This week of `now` on the device's calendar, Monday to Sunday, as the days visits are dated with. */
export function semanaDe(now: Date): { desde: string; hasta: string } {
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
  const sunday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6);
  return { desde: day(monday), hasta: day(sunday) };
}

/** Today on the device's calendar, as a visit's `fecha`. */
export const hoy = (now: Date): string => day(now);
