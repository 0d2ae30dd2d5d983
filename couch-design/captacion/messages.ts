/** Validation texts of specification 001 section 5, word for word, plus the few rules we add. */
export const MSG = {
  propietarioNombreRequerido: 'El nombre del propietario es requerido',
  nombreMin: 'El nombre debe tener al menos 3 caracteres',
  telefonoRequerido: 'El teléfono es requerido',
  telefonoFormato: 'El teléfono debe contener exactamente 10 dígitos numéricos',
  correoFormato: 'El formato del correo electrónico no es válido',
  nssFormato: 'El NSS debe contener 11 dígitos numéricos',
  rfcFormato: 'El formato de RFC no es válido (ej. ABCD123456XXX)',
  curpFormato: 'El formato de CURP no es válido',
  estadoCivilRequerido: 'El estado civil es requerido',
  tipoPropiedadRequerido: 'El tipo de propiedad es requerido',
  calleRequerida: 'La calle es requerida',
  numeroRequerido: 'El número es requerido',
  coloniaRequerida: 'La colonia es requerida',
  ciudadRequerida: 'La ciudad es requerida',
  estadoRequerido: 'El estado es requerido',
  codigoPostalRequerido: 'El código postal es requerido',
  m2TerrenoRequerido: 'Los metros cuadrados de terreno son requeridos',
  m2ConstruccionRequerido: 'Los metros cuadrados de construcción son requeridos',
  mayorACero: 'Debe ser un número mayor a 0',
  habitacionesRequerido: 'El número de recámaras es requerido',
  bañosRequerido: 'El número de baños es requerido',
  noNegativo: 'No puede ser un número negativo',
  referenciasRequeridas: 'Las referencias personales son requeridas',
  referenciasMin: 'Se requieren al menos 2 referencias personales',
  referenciaNombreRequerido: 'El nombre es requerido',
  parentescoRequerido: 'El parentesco es requerido',
  ineObligatoria: 'La identificación oficial (INE) es obligatoria',
  escriturasObligatorias: 'Las escrituras son obligatorias',
  tipoCaptacionRequerido: 'El tipo de captación es requerido',

  // Not in the specification: rules we add so the server refuses what no screen can produce.
  estadoCivilInvalido: 'El estado civil no es válido',
  estadoInvalido: 'El estado no es válido',
  codigoPostalFormato: 'El código postal debe contener 5 dígitos numéricos',
  numeroInvalido: 'Debe ser un número válido',
  añoInvalido: 'El año de construcción no es válido',
  comisionMax: 'La comisión no puede ser mayor a 100%',
  fechaInvalida: 'La fecha no es válida',
  booleanoInvalido: 'Debe ser verdadero o falso',
  formatoInvalido: 'El formato de los datos no es válido',
  tipoDocumento: "El documento debe ser de tipo 'captacion'",
  textoMax: 'El texto no puede tener más de 5000 caracteres',
  adeudosMax: 'Se permiten como máximo 100 adeudos',
  referenciasMax: 'Se permiten como máximo 20 referencias personales',
  imagenesMax: 'Se permiten como máximo 50 imágenes',
} as const;

/** The summary banner's prefix (spec section 8), trailing space included. */
export { ERROR_SUMMARY_PREFIX } from '../helpers/form-errors';

/** What a write of a captación answers: the REST endpoints say it and the PWA shows it (spec 001 section 8). */
export const CAPTACION_DONE = {
  creada: 'Captación guardada exitosamente',
  actualizada: 'Captación actualizada exitosamente',
  eliminada: 'Captación eliminada exitosamente',
} as const;
export const CAPTACION_NOT_FOUND = 'No se encontró la captación';
