/**
 * 'Fotos de la propiedad' of a saved captación: in the edit form's Propiedad tab and in the
 * detail. Photos are their own documents (fotos-store.ts), written at once, online or not: they
 * are not part of the form's values, so 'Guardar' is not needed for them and a draft never
 * carries images. The detail adds the gallery: the cover large, and the full-screen view.
 */
import { Callout, Intent, Spinner } from '@blueprintjs/core';
import { useState, type JSX } from 'react';
import { FotoGrid, type GridItem } from './FotoGrid';
import { FotoMiniatura } from './FotoMiniatura';
import { CapturaFotos } from './CapturaFotos';
import { addFotos, coverOf, moveFoto, removeFoto, setPortada, type StoredFoto } from './fotos-store';
import { CARGANDO_FOTOS, contadorFotos, ERROR_CAMBIO, ERROR_CARGAR, NOTA_TAMANO, portadaAlt, SIN_FOTOS, SIN_FOTOS_LECTURA, TITULO_FOTOS } from './texts';
import { useFotos } from './use-fotos';
import { Visor } from './Visor';
import './fotos.css';

export interface FotosPropiedadProps {
  /** The captación the photos belong to: who reads it reads them (couch-design/fotos/entity.ts). */
  captacionId: string;
  editable: boolean;
  /** The detail: the cover large and a full-screen view. */
  galeria?: boolean;
  /** The title's level where the section stands: a section of the page (2) or of a form's tab (4, the default). */
  titleLevel?: 2 | 4;
}

const toItem = (f: StoredFoto): GridItem => ({ key: f._id, id: f._id, rev: f._rev, portada: f.portada });

export function FotosPropiedad({ captacionId, editable, galeria = false, titleLevel = 4 }: FotosPropiedadProps): JSX.Element {
  const state = useFotos(captacionId);
  const Title = titleLevel === 2 ? 'h2' : 'h4';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const fotos = state.status === 'ready' ? state.value : [];

  const change = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      console.error('No se pudo cambiar la foto.', err);
      setError(ERROR_CAMBIO);
    } finally {
      setBusy(false);
    }
  };

  const cover = galeria ? coverOf(fotos) : null;
  let body: JSX.Element;
  if (state.status === 'loading') {
    body = (
      <p className="fotos-estado">
        <Spinner size={16} /> {CARGANDO_FOTOS}
      </p>
    );
  } else if (state.status === 'error') {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {ERROR_CARGAR}
      </Callout>
    );
  } else if (fotos.length === 0) {
    body = (
      <p className="fotos-estado bp6-text-muted" data-testid="fotos-vacio">
        {editable ? SIN_FOTOS : SIN_FOTOS_LECTURA}
      </p>
    );
  } else {
    body = (
      <>
        {cover ? (
          <button type="button" className="fotos-portada" onClick={() => setOpen(fotos.indexOf(cover))} data-testid="foto-portada-grande">
            <FotoMiniatura id={cover._id} rev={cover._rev} alt={portadaAlt} />
          </button>
        ) : null}
        <FotoGrid
          items={fotos.map(toItem)}
          busy={busy}
          onOpen={galeria ? setOpen : undefined}
          onMove={editable ? (i, delta) => void change(() => moveFoto(fotos[i], delta)) : undefined}
          onCover={editable ? (i) => void change(() => setPortada(fotos[i])) : undefined}
          onRemove={editable ? (i) => void change(() => removeFoto(fotos[i])) : undefined}
        />
      </>
    );
  }

  return (
    <section className="fotos" aria-labelledby={`fotos-${captacionId}`} data-testid="fotos-propiedad">
      <Title className="page-subtitle" id={`fotos-${captacionId}`}>
        {TITULO_FOTOS}
        {fotos.length ? <span className="bp6-text-muted fotos__contador"> · {contadorFotos(fotos.length)}</span> : null}
      </Title>
      {editable ? (
        <>
          <CapturaFotos
            disabled={busy || state.status !== 'ready'}
            onPhotos={async (photos) => {
              await addFotos(captacionId, photos);
            }}
          />
          <p className="bp6-text-muted fotos__nota">{NOTA_TAMANO}</p>
        </>
      ) : null}
      {error ? (
        <Callout intent={Intent.DANGER} icon="error" role="alert">
          {error}
        </Callout>
      ) : null}
      {body}
      {galeria ? <Visor fotos={fotos} index={open} onIndex={setOpen} /> : null}
    </section>
  );
}
