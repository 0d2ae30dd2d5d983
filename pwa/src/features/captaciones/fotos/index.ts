/** Property photos of a captación (issue 22): capture, gallery, viewer and the list's cover. */
export { FotosPropiedad } from './FotosPropiedad';
export { FotosDelFormulario, FotosFormularioContext, type FotosFormulario } from './FotosDelFormulario';
export type { PendingFoto } from './FotosNuevas';
export { PortadaCelda } from './PortadaCelda';
export { addFotos } from './fotos-store';
