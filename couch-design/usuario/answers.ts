/**
 * What a write of a user (or of a person's photo) answers: the REST endpoints say it and the PWA
 * shows it (spec 000 sections 2 and 8). Plain texts, without the schemas of messages.ts, so the
 * PWA's shared form texts do not bring Yup along.
 */
export const USUARIO_DONE = {
  registrado: 'Usuario registrado correctamente.',
  /** Spec 000 section 8: the users list's success alert (without a full stop). */
  eliminado: 'Usuario eliminado correctamente',
  passwordActualizada: 'Contraseña actualizada correctamente.',
} as const;

/** A user's or an employee's profile photo replaced. */
export const FOTO_ACTUALIZADA = 'Foto actualizada correctamente.';
