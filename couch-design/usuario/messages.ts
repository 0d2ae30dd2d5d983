/** Texts of the user contract: the specification's word for word, then the rules we add. */
export { PERSONA_MSG } from '../persona';

export { SIGNIN_EMPTY, SIGNIN_FAILED } from './signin-messages';

export const USUARIO_MSG = {
  // Not in the specification: the hints of section 2 enforced, and the choices of docs/architecture.md section 6.
  passwordCorta: 'La contraseña debe tener al menos 8 caracteres',
  passwordLarga: 'La contraseña no puede tener más de 1024 caracteres',
  passwordActual: 'Por favor escriba su contraseña actual',
  rolInvalido: 'El rol seleccionado no es válido',
} as const;
