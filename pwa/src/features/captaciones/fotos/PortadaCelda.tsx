/**
 * The cover of one captación as a small thumbnail in the list (issue 22 item 5). Each row reads
 * its own photos by the `foto:<captación>:` prefix of the local `fotos` database: only the rows
 * of the page shown, never every photo, so the list stays as fast with 5,000 captaciones.
 */
import type { JSX } from 'react';
import { FotoMiniatura } from './FotoMiniatura';
import { coverOf } from './fotos-store';
import { portadaAlt } from './texts';
import { useFotos } from './use-fotos';
import './fotos.css';

export function PortadaCelda({ captacionId }: { captacionId: string }): JSX.Element | null {
  const state = useFotos(captacionId);
  const cover = state.status === 'ready' ? coverOf(state.value) : null;
  if (!cover) return null;
  return (
    <span className="fotos-lista-portada" data-testid="lista-portada">
      <FotoMiniatura id={cover._id} rev={cover._rev} alt={portadaAlt} />
    </span>
  );
}
