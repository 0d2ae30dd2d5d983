/** Every Spanish text of the property photos (issue 22): capture, grid, gallery, viewer and list. */

export const TITULO_FOTOS = 'Fotos de la propiedad';
export const BTN_TOMAR_FOTO = 'Tomar foto';
export const BTN_ELEGIR_GALERIA = 'Elegir de la galería';
export const BTN_QUITAR = 'Quitar';
export const BTN_ANTES = 'Mover antes';
export const BTN_DESPUES = 'Mover después';
export const BTN_PORTADA = 'Marcar como portada';
export const ETIQUETA_PORTADA = 'Portada';
export const BTN_CERRAR = 'Cerrar';
export const BTN_ANTERIOR = 'Foto anterior';
export const BTN_SIGUIENTE = 'Foto siguiente';
export const CONFIRMAR_QUITAR = '¿Quitar esta foto de la captación? No se puede deshacer.';
export const BTN_CONFIRMAR_QUITAR = 'Quitar foto';
export const BTN_CANCELAR = 'Cancelar';

export const SIN_FOTOS = 'Esta captación aún no tiene fotos.';
export const SIN_FOTOS_LECTURA = 'Sin fotos.';
export const CARGANDO_FOTOS = 'Cargando fotos…';
export const PROCESANDO = (hechas: number, total: number): string => `Preparando foto ${hechas} de ${total}…`;
export const NOTA_NUEVA =
  'Las fotos se guardan en este dispositivo junto con la captación al pulsar «Guardar»; hasta entonces solo están en esta pantalla.';
export const NOTA_TAMANO = 'Cada foto se reduce a 1600 píxeles y se le quitan la ubicación y los datos de la cámara.';

export const ERROR_CARGAR = 'No se pudieron leer las fotos de esta captación en el dispositivo.';
export const ERROR_GUARDAR = 'No se pudo guardar la foto en este dispositivo. Intente de nuevo.';
export const ERROR_NO_IMAGEN = (nombre: string): string => `«${nombre}» no es una imagen que se pueda abrir (use JPEG, PNG o WebP).`;
export const ERROR_CAMBIO = 'No se pudo guardar el cambio en las fotos. Intente de nuevo.';
export const ERROR_MAXIMO = (max: number): string => `Una captación admite como máximo ${max} fotos.`;
export const ERROR_ESPACIO = (libre: string): string =>
  `No hay espacio suficiente en este dispositivo para la foto (quedan ${libre}). Sincronice y libere espacio antes de tomar más fotos.`;
export const AVISO_ESPACIO = (libre: string): string => `Queda poco espacio en este dispositivo (${libre}).`;

export const ORIGINAL_CARGANDO = 'Cargando la foto en tamaño completo…';
export const ORIGINAL_SIN_CONEXION =
  'Sin conexión: se muestra la miniatura. La foto en tamaño completo se descargará cuando haya conexión.';
export const ORIGINAL_ERROR = 'No se pudo cargar la foto en tamaño completo; se muestra la miniatura.';
export const MINIATURA_SIN_DATOS = 'Miniatura no disponible';

export const fotoAlt = (n: number, total: number): string => `Foto ${n} de ${total} de la propiedad`;
export const portadaAlt = 'Portada de la propiedad';
export const contadorFotos = (n: number): string => (n === 1 ? '1 foto' : `${n} fotos`);
export const GALERIA_AYUDA = 'Use las flechas del teclado o deslice para ver las demás fotos.';
