/**
 * The employee forms' rules (spec 000 section 5): 'Crear Nuevo Empleado' and 'Editar Empleado',
 * used by the PWA forms and by the gateway for every body.
 *
 * - Required: prim_nom, apell_pa, apell_ma, fecha_na, telefono, pust, salario, fecha_ing, estado,
 *   calle, nun_ex, codigo, with the one text section 5 gives for required fields. Optional:
 *   segun_nom, num_in (`nun_in` accepted), email.
 * - estado is 'Activo' or 'Inactivo' (case ignored), 'Activo' when left out on creation (section 9).
 * - salario is a number of pesos, 0 or more; '15000', '15,000.50' and '$ 15000' are read as numbers.
 * - Edit checks the create rules on the fields it is sent (docs/architecture.md section 7); left-out fields keep
 *   their stored value.
 * - userId links a user account (admins only, checked by the gateway); empty means none;
 *   `reasignar_vinculo` confirms taking a user already linked to another employee (vinculo.ts).
 */
import * as yup from 'yup';
import { toNumber } from '../helpers/numbers';
import { isBlank } from '../helpers/values';
import { acceptNunIn, correo, fecha, idRef, PERSONA_MSG, personaFields, text } from '../persona';
import { reasignarVinculo, vinculoActual } from '../vinculo';
import { EMPLEADO_MSG } from './messages';
import { DEFAULT_ESTADO_EMPLEADO, ESTADOS_EMPLEADO, type EstadoEmpleado } from './types';

/** A salary no company pays: refuses typos of a few extra digits. */
export const MAX_SALARIO = 1_000_000_000;

const estado = () =>
  text(20)
    .transform((v: unknown) => {
      if (typeof v !== 'string') return v;
      return ESTADOS_EMPLEADO.find((e) => e.toLowerCase() === v.toLowerCase()) ?? v;
    })
    .required(PERSONA_MSG.obligatorio)
    .test('estado', EMPLEADO_MSG.estado, (v) => !v || (ESTADOS_EMPLEADO as readonly string[]).includes(v))
    .label('Estado');

/** Blank (sent but empty) reads as null so it is refused as missing, not taken as "left out". */
const salario = () =>
  yup
    .number()
    .transform((_v: unknown, o: unknown) => {
      if (isBlank(o)) return o === undefined ? undefined : null;
      if (typeof o !== 'string' && typeof o !== 'number') return NaN;
      const n = toNumber(o);
      return typeof n === 'number' ? n : NaN;
    })
    .typeError(EMPLEADO_MSG.salarioNumero)
    .nullable()
    .test('obligatorio', PERSONA_MSG.obligatorio, (v) => v !== null)
    .required(PERSONA_MSG.obligatorio)
    .min(0, EMPLEADO_MSG.salarioNegativo)
    .max(MAX_SALARIO, EMPLEADO_MSG.salarioMaximo)
    .label('Salario');

const fields = {
  ...personaFields,
  email: correo().label('Correo electrónico'),
  salario: salario(),
  fecha_ing: fecha().required(PERSONA_MSG.obligatorio).label('Fecha de ingreso'),
  userId: idRef().label('Usuario'),
  reasignar_vinculo: reasignarVinculo(),
};

export const empleadoCreateSchema = yup
  .object({ ...fields, estado: estado().default(DEFAULT_ESTADO_EMPLEADO) })
  .transform(acceptNunIn);

export const empleadoEditSchema = yup
  .object({ ...fields, estado: estado(), vinculo_actual: vinculoActual() })
  .partial()
  .transform(acceptNunIn);

export type EmpleadoCreateInput = yup.InferType<typeof empleadoCreateSchema> & { estado: EstadoEmpleado };
export type EmpleadoEditInput = yup.InferType<typeof empleadoEditSchema>;
