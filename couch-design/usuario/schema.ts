/**
 * The user forms' rules (spec 000 section 5), used by the PWA forms (Formik) and by the gateway
 * for every body: public sign-up, create user (dashboard mode), edit user, passwords.
 *
 * - Sign-up and create require the fields of section 5 with its one message; the hints of
 *   section 2 (password 8+, phone 10 digits, postal code 5 digits) are rules (persona.ts).
 * - Edit validates with the create rules (docs/architecture.md section 7) the fields it is sent: a field left out
 *   keeps its stored value, a required field sent blank is refused. No password on edit: it has
 *   endpoints of its own.
 * - Roles: one of the assignable roles of section 6 (case and accents ignored, stored as listed);
 *   on edit the person's current role is accepted too, so a form that sends back an older role
 *   ('asesor', 'Superadministrator') does not fail.
 * - Unknown keys are stripped by the gateway (`stripUnknown`), never stored.
 */
import * as yup from 'yup';
import { acceptNunIn, correo, idRef, PERSONA_MSG, personaFields, text } from '../persona';
import { assignableRole, DEFAULT_ROLE, normalizeRole } from '../roles';
import { reasignarVinculo, vinculoActual } from '../vinculo';
import { SIGNIN_EMPTY, SIGNIN_FAILED, USUARIO_MSG } from './messages';

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 1024;

export const signinSchema = yup.object({
  email: yup.string().trim().required(SIGNIN_EMPTY).max(254, SIGNIN_FAILED),
  password: yup.string().required(SIGNIN_EMPTY).max(MAX_PASSWORD, SIGNIN_FAILED),
});

/** Passwords are taken as typed: never trimmed, never a number. */
const password = (requiredMessage: string = PERSONA_MSG.obligatorio) =>
  yup
    .string()
    .transform((_v: unknown, o: unknown) => (o === null ? '' : o))
    .typeError(PERSONA_MSG.formato)
    .required(requiredMessage)
    .min(MIN_PASSWORD, USUARIO_MSG.passwordCorta)
    .max(MAX_PASSWORD, USUARIO_MSG.passwordLarga)
    .label('Contraseña');

/** '' means "the default"; any other text must name an assignable role (or `current`). */
const role = (current?: string) =>
  text(60)
    .transform((v: unknown) => {
      if (typeof v !== 'string') return v;
      if (v === '') return undefined;
      if (current !== undefined && normalizeRole(v) === normalizeRole(current)) return current;
      return assignableRole(v) ?? v;
    })
    .test('rol', USUARIO_MSG.rolInvalido, (v) => v === undefined || assignableRole(v) === v || (current !== undefined && v === current))
    .label('Rol');

const account = {
  ...personaFields,
  email: correo().required(PERSONA_MSG.obligatorio).label('Correo electrónico'),
};

/** Public sign-up ('Registro de Usuario'): the role is always `user`, set by the gateway. */
export const signupSchema = yup.object({ ...account, password: password() }).transform(acceptNunIn);

/** 'Crear Nuevo Usuario' (admins): sign-up plus the role and an optional employee link. */
export const userCreateSchema = yup
  .object({
    ...account,
    password: password(),
    role: role().default(DEFAULT_ROLE),
    empleado_id: idRef().label('Empleado'),
    reasignar_vinculo: reasignarVinculo(),
  })
  .transform(acceptNunIn);

/** 'Editar Usuario': the create rules on what is sent; `currentRole` is the stored role. */
export const userEditSchema = (currentRole?: string) =>
  yup
    .object({
      ...account,
      role: role(currentRole),
      empleado_id: idRef().label('Empleado'),
      reasignar_vinculo: reasignarVinculo(),
      vinculo_actual: vinculoActual(),
    })
    .partial()
    .transform(acceptNunIn);

/** `PUT /api/users/{id}/asociar-empleado`: the employee to link, or empty/null to unlink. */
export const linkEmpleadoSchema = yup.object({ empleado_id: idRef().label('Empleado'), reasignar_vinculo: reasignarVinculo(), vinculo_actual: vinculoActual() });

/** A person changing their own password: the current one first. */
export const ownPasswordSchema = yup.object({
  password_actual: yup
    .string()
    .transform((_v: unknown, o: unknown) => (o === null ? '' : o))
    .typeError(PERSONA_MSG.formato)
    .required(USUARIO_MSG.passwordActual)
    .max(MAX_PASSWORD, USUARIO_MSG.passwordLarga)
    .label('Contraseña actual'),
  password_nueva: password(),
});

/** An admin setting a new password for someone else. */
export const adminPasswordSchema = yup.object({ password_nueva: password() });

export type SignupInput = yup.InferType<typeof signupSchema>;
export type UserCreateInput = yup.InferType<typeof userCreateSchema>;
export type UserEditInput = yup.InferType<ReturnType<typeof userEditSchema>>;
