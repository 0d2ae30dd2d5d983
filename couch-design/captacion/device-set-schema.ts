/**
 * The body of `DEVICE_SET_FORGET_PATH` (device-set.ts; docs/architecture.md «Espacio del
 * dispositivo»), apart from the texts and paths: the screens that name those (the list's switch)
 * must not load yup before the first form does.
 */
import * as yup from 'yup';
import { FORGET_TEXT, MAX_FORGET_IDS } from './device-set';

export const forgetSchema = yup.object({
  ids: yup
    .array(yup.string().strict().typeError(FORGET_TEXT.idNoValido).trim(FORGET_TEXT.idNoValido).required(FORGET_TEXT.idNoValido).max(200, FORGET_TEXT.idNoValido))
    .strict()
    .typeError(FORGET_TEXT.idsRequeridos)
    .required(FORGET_TEXT.idsRequeridos)
    .min(1, FORGET_TEXT.idsRequeridos)
    .max(MAX_FORGET_IDS, FORGET_TEXT.idsDemasiados),
});
