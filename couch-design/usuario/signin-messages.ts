/**
 * The sign-in texts on their own, without the schemas of messages.ts: the PWA's session code is
 * in the page's first script, which must not evaluate Yup before the first paint (issue 20 item 7).
 */
export const SIGNIN_EMPTY = 'Por favor, completa todos los campos.';
export const SIGNIN_FAILED = 'El correo o la contraseña son incorrectos.';
