/**
 * 'Fotos de la propiedad' in the new captación form. The captación has no id until it is saved
 * (PouchDB gives it one), and a photo of a captación the server does not have would be refused
 * and dropped: so the photos taken here are resized at once and held by the page, and written
 * with the captación's id right after it is saved (NuevaCaptacionPage). The note says so.
 */
import { Callout, Intent } from '@blueprintjs/core';
import { useEffect, type JSX } from 'react';
import { MAX_FOTOS_POR_CAPTACION } from '../../../../../couch-design/fotos/types';
import { CapturaFotos } from './CapturaFotos';
import { FotoGrid } from './FotoGrid';
import type { ResizedPhoto } from './resize';
import { contadorFotos, ERROR_MAXIMO, NOTA_NUEVA, NOTA_TAMANO, TITULO_FOTOS } from './texts';
import './fotos.css';

export interface PendingFoto extends ResizedPhoto {
  key: string;
  tomada: string;
}

export interface FotosNuevasProps {
  fotos: readonly PendingFoto[];
  onChange: (fotos: PendingFoto[]) => void;
  disabled?: boolean;
}

/** The first photo is the cover; the order is the order they were taken, changed with the arrows. */
export function FotosNuevas({ fotos, onChange, disabled }: FotosNuevasProps): JSX.Element {
  // Photos held here are lost with the page: a reload or a closed tab asks first (the form's own
  // leave question covers its values; these are not among them).
  const holding = fotos.length > 0;
  useEffect(() => {
    if (!holding) return undefined;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [holding]);
  const move = (i: number, delta: -1 | 1) => {
    const next = [...fotos];
    const [moved] = next.splice(i, 1);
    next.splice(i + delta, 0, moved);
    onChange(next);
  };
  const cover = (i: number) => onChange([fotos[i], ...fotos.filter((_, j) => j !== i)]);
  return (
    <section className="fotos" aria-labelledby="fotos-nueva" data-testid="fotos-propiedad">
      <h4 className="page-subtitle" id="fotos-nueva">
        {TITULO_FOTOS}
        {fotos.length ? <span className="bp6-text-muted fotos__contador"> · {contadorFotos(fotos.length)}</span> : null}
      </h4>
      <CapturaFotos
        disabled={disabled}
        onPhotos={async (photos) => {
          if (fotos.length + photos.length > MAX_FOTOS_POR_CAPTACION) throw new Error(ERROR_MAXIMO(MAX_FOTOS_POR_CAPTACION));
          const now = new Date().toISOString();
          onChange([...fotos, ...photos.map((p) => ({ ...p, key: crypto.randomUUID(), tomada: now }))]);
          return Promise.resolve();
        }}
      />
      <p className="bp6-text-muted fotos__nota">{NOTA_TAMANO}</p>
      {fotos.length ? (
        <Callout intent={Intent.PRIMARY} icon="info-sign" data-testid="fotos-nota-nueva">
          {NOTA_NUEVA}
        </Callout>
      ) : null}
      {fotos.length ? (
        <FotoGrid
          items={fotos.map((f, i) => ({ key: f.key, blob: f.miniatura, portada: i === 0 }))}
          busy={disabled}
          onMove={move}
          onCover={cover}
          onRemove={(i) => onChange(fotos.filter((_, j) => j !== i))}
        />
      ) : null}
    </section>
  );
}
