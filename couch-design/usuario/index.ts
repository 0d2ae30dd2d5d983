/** The user contract: shapes, answers, forms' rules, list rules and texts (specification 000). */
export type { Usuario, UsuarioPublico, UsuarioNombre } from './types';
export { toPublicUser, toUserName } from './public';
export { SIGNIN_EMPTY, SIGNIN_FAILED, USUARIO_MSG, PERSONA_MSG } from './messages';
export {
  signinSchema,
  signupSchema,
  userCreateSchema,
  userEditSchema,
  linkEmpleadoSchema,
  ownPasswordSchema,
  adminPasswordSchema,
  MIN_PASSWORD,
  MAX_PASSWORD,
} from './schema';
export type { SignupInput, UserCreateInput, UserEditInput } from './schema';
export { userSearchText, matchesUserSearch, compareUsuarios, listUsuarios } from './list';
export { fullName } from '../helpers/names';

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export {
  DEFAULT_DEVICE_SETTINGS,
  NO_SESSION,
  PAGE_SESSION_ID,
  SESSION_REVOKED,
  SESSION_REVOKED_BY,
  type DeviceSettings,
  type RevocationReason,
  type SessionAnswer,
  type SessionAnswerUser,
} from './session-answer';
