/** The body of `POST /api/dispositivos/borrar` (dispositivos.ts), validated by the gateway. */
import * as yup from 'yup';
import { DEVICE_ID_PATTERN, DISPOSITIVO_MSG } from './dispositivos';

export const borrarDispositivoSchema = yup.object({
  dispositivo: yup.string().trim().required(DISPOSITIVO_MSG.idObligatorio).matches(DEVICE_ID_PATTERN, DISPOSITIVO_MSG.idInvalido).label('Dispositivo'),
});
