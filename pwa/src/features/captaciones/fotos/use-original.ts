/** The full-size photo for the viewer: loading, shown, or the reason the thumbnail stands in. */
import { useEffect, useState } from 'react';
import { loadOriginal, OriginalOfflineError } from './originals';
import type { StoredFoto } from './fotos-store';
import { parseFotoId } from '../../../../../couch-design/fotos/types';

export type OriginalState = { status: 'loading' } | { status: 'ready'; blob: Blob } | { status: 'offline' } | { status: 'error' };

export function useOriginal(foto: StoredFoto | null): OriginalState {
  const [state, setState] = useState<{ id: string; value: OriginalState } | null>(null);
  const id = foto?._id ?? '';
  useEffect(() => {
    const parsed = parseFotoId(id);
    if (!parsed || !foto) return undefined;
    let alive = true;
    loadOriginal(parsed.captacionId, parsed.uuid, foto.mime).then(
      (blob) => alive && setState({ id, value: { status: 'ready', blob } }),
      (err: unknown) => {
        if (!alive) return;
        if (!(err instanceof OriginalOfflineError)) console.warn('No se pudo cargar la foto original.', err);
        setState({ id, value: { status: err instanceof OriginalOfflineError ? 'offline' : 'error' } });
      },
    );
    return () => {
      alive = false;
    };
    // The photo's id says which original; a new revision (reorder, cover) is the same image.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  return state?.id === id ? state.value : { status: 'loading' };
}
