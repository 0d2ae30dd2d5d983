/** Texts the shell draws, shared with the start-up frame (app/still-frame.ts), which has no React. */
/** The accessible name of the spinner shown while a screen's code arrives. */
export const LOADING_SCREEN = 'Cargando pantalla';
