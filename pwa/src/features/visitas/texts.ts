/** The Spanish texts of the visits section (the labels and the empty list are couch-design/visita/rules.ts). */
export const BTN_REGISTRAR_VISITA = 'Registrar visita';
export const BTN_EDITAR_VISITA = 'Editar';
export const BTN_GUARDAR_VISITA = 'Guardar visita';
export const TITLE_NUEVA_VISITA = 'Registrar visita';
export const TITLE_EDITAR_VISITA = 'Editar visita';
export const ERROR_CARGAR_VISITAS = 'No se pudieron cargar las visitas de este dispositivo.';
export const ERROR_GUARDAR_VISITA = 'No se pudo guardar la visita en este dispositivo. Intente de nuevo.';
export const VISITA_GUARDADA = 'Visita guardada. Se enviará al servidor al sincronizar.';
export const SOLO_LECTURA = 'Solo lectura: las visitas las registran los asesores de la captación.';
export const FILTRO_VISITAS_SEMANA = 'Con visitas esta semana';
