/**
 * The shared Yup schemas of property photos: the data of a `foto` document (what a device pushes,
 * checked strictly: no casting, no unknown field) and the text fields of a REST upload
 * (`POST /api/captaciones/:id/fotos`, multipart: every field arrives as text and is cast).
 */
import * as yup from 'yup';
import type { ValidationIssue } from '../helpers/form-errors';
import { isDict, type Dict } from '../helpers/values';
import { schemaIssues } from '../schema-policy';
import { FOTO_TYPES, MAX_FOTOS_POR_CAPTACION, MAX_ORIGINAL_BYTES, ORIGINAL_LADO } from './types';

export const FOTO_CAMPO_MSG = {
  orden: `El orden debe ser un número entero de 0 a ${MAX_FOTOS_POR_CAPTACION * 20}.`,
  portada: 'Portada debe ser verdadero o falso.',
  medida: `Las medidas deben ser números enteros de 1 a ${ORIGINAL_LADO}.`,
  bytes: 'El tamaño debe ser un número entero de bytes, hasta 2 MB.',
  mime: 'El tipo debe ser image/jpeg, image/png o image/webp.',
  tomada: 'La fecha de la foto debe ser una fecha ISO válida.',
  requerido: 'Este campo es obligatorio.',
  desconocido: 'Campo no permitido: ${unknown}.',
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const isoDate = () =>
  yup
    .string()
    .typeError(FOTO_CAMPO_MSG.tomada)
    .max(40, FOTO_CAMPO_MSG.tomada)
    .test('iso', FOTO_CAMPO_MSG.tomada, (v) => v === undefined || (ISO_DATE.test(v) && !Number.isNaN(Date.parse(v))));
const orden = () => yup.number().typeError(FOTO_CAMPO_MSG.orden).integer(FOTO_CAMPO_MSG.orden).min(0, FOTO_CAMPO_MSG.orden).max(MAX_FOTOS_POR_CAPTACION * 20, FOTO_CAMPO_MSG.orden);
const portada = () => yup.boolean().typeError(FOTO_CAMPO_MSG.portada);
const medida = () => yup.number().typeError(FOTO_CAMPO_MSG.medida).integer(FOTO_CAMPO_MSG.medida).min(1, FOTO_CAMPO_MSG.medida).max(ORIGINAL_LADO, FOTO_CAMPO_MSG.medida);

/** The data fields of a `foto` document (besides `_id`, `type`, `captacion_id`, `asesor`, `_attachments`). */
export const fotoDatosSchema = yup
  .object({
    orden: orden().required(FOTO_CAMPO_MSG.requerido),
    portada: portada().required(FOTO_CAMPO_MSG.requerido),
    ancho: medida().required(FOTO_CAMPO_MSG.requerido),
    alto: medida().required(FOTO_CAMPO_MSG.requerido),
    bytes: yup.number().typeError(FOTO_CAMPO_MSG.bytes).integer(FOTO_CAMPO_MSG.bytes).min(1, FOTO_CAMPO_MSG.bytes).max(MAX_ORIGINAL_BYTES, FOTO_CAMPO_MSG.bytes).required(FOTO_CAMPO_MSG.requerido),
    mime: yup.string().typeError(FOTO_CAMPO_MSG.mime).oneOf(FOTO_TYPES, FOTO_CAMPO_MSG.mime).required(FOTO_CAMPO_MSG.requerido),
    tomada: isoDate().required(FOTO_CAMPO_MSG.requerido),
  })
  .noUnknown(true, FOTO_CAMPO_MSG.desconocido);

/** The text fields of a REST upload; the image fields (`original`, `miniatura`) are files. */
export const fotoSubidaSchema = yup
  .object({
    orden: orden().optional(),
    portada: portada().optional(),
    tomada: isoDate().optional(),
  })
  .noUnknown(true, FOTO_CAMPO_MSG.desconocido);

/** Every problem of `value` against `schema`, as `{param, msg}`; `strict`: no casting (a device's revision). */
export function fotoIssues(schema: yup.AnyObjectSchema, value: unknown, strict: boolean): { value?: Dict; issues: ValidationIssue[] } {
  if (!isDict(value)) return { issues: [{ param: '', msg: FOTO_CAMPO_MSG.requerido }] };
  return schemaIssues(schema, value, strict);
}
