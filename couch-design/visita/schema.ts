/**
 * The one Yup schema of a visit's data (a showing of a captación's property), with Spanish
 * messages in the style of the specifications: the device's form checks it as the person types,
 * and the gateway checks every visit a device pushes with it (couch-design/schema-policy.ts,
 * strictly: a device's revision is stored as it was saved). The type is inferred from it.
 */
import * as yup from 'yup';
import { RESULTADOS_VISITA } from './options';

export const VISITA_MSG = {
  fecha: 'La fecha de la visita es requerida',
  fechaInvalida: 'La fecha de la visita no es válida',
  hora: 'La hora de la visita es requerida',
  horaInvalida: 'La hora debe tener el formato HH:MM (24 horas)',
  visitante: 'El nombre del visitante es requerido',
  visitanteCorto: 'El nombre debe tener al menos 3 caracteres',
  visitanteLargo: 'El nombre no puede exceder 120 caracteres',
  telefono: 'El teléfono es requerido',
  telefonoDigitos: 'El teléfono debe contener exactamente 10 dígitos numéricos',
  comentarios: 'Los comentarios no pueden exceder 1000 caracteres',
  resultado: 'El resultado de la visita es requerido',
  resultadoInvalido: 'El resultado debe ser Interesado, No interesado u Oferta',
} as const;

const FECHA = /^(\d{4})-(\d{2})-(\d{2})$/;
const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A calendar day that exists (no 2026-02-30). */
function isDay(v: string): boolean {
  const m = FECHA.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const required = (msg: string) => yup.string().typeError(msg).required(msg);

export const visitaSchema = yup.object({
  // An empty field says only that it is required: the other rules judge what was typed.
  fecha: required(VISITA_MSG.fecha).test('fecha', VISITA_MSG.fechaInvalida, (v) => !v || isDay(v)),
  hora: required(VISITA_MSG.hora).matches(HORA, { message: VISITA_MSG.horaInvalida, excludeEmptyString: true }),
  visitante: required(VISITA_MSG.visitante)
    .test('corto', VISITA_MSG.visitanteCorto, (v) => !v || v.trim().length >= 3)
    .max(120, VISITA_MSG.visitanteLargo),
  telefono: required(VISITA_MSG.telefono).matches(/^\d{10}$/, { message: VISITA_MSG.telefonoDigitos, excludeEmptyString: true }),
  comentarios: yup.string().typeError(VISITA_MSG.comentarios).max(1000, VISITA_MSG.comentarios).optional(),
  // An empty choice is "requerido", not "no válido" (oneOf would report both).
  resultado: required(VISITA_MSG.resultado).test('resultado', VISITA_MSG.resultadoInvalido, (v) => !v || (RESULTADOS_VISITA as readonly string[]).includes(v)),
});

/** What a visit says, besides its id, `type` and its captación (`captacionId`). */
export type VisitaDatos = yup.InferType<typeof visitaSchema>;
