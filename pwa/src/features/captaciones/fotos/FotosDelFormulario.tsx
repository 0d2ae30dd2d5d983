/**
 * Where the captación form's Propiedad tab shows 'Fotos de la propiedad'. The tab is one of seven
 * panels the form kit draws without props, so the page says through this context which photos
 * these are: a saved captación's (edit) or the new form's, held until it is saved.
 */
import { createContext, useContext, type JSX } from 'react';
import { FotosNuevas, type PendingFoto } from './FotosNuevas';
import { FotosPropiedad } from './FotosPropiedad';

export type FotosFormulario =
  | { kind: 'guardada'; captacionId: string }
  | { kind: 'nueva'; fotos: readonly PendingFoto[]; onChange: (fotos: PendingFoto[]) => void };

export const FotosFormularioContext = createContext<FotosFormulario | null>(null);

export function FotosDelFormulario(): JSX.Element | null {
  const fotos = useContext(FotosFormularioContext);
  if (!fotos) return null;
  if (fotos.kind === 'nueva') return <FotosNuevas fotos={fotos.fotos} onChange={fotos.onChange} />;
  return <FotosPropiedad captacionId={fotos.captacionId} editable />;
}
