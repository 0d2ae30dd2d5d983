/**
 * A captación's photos on this device, live: a photo taken here, one arriving by sync and one
 * deleted on another tablet all show without reloading the screen.
 */
import { useEffect, useState } from 'react';
import { FOTO } from '../../../../../couch-design/fotos/entity';
import { watchLocal } from '../../../lib/db';
import { listFotos, readMiniatura, type StoredFoto } from './fotos-store';

export type FotosState = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; fotos: StoredFoto[] };

export function useFotos(captacionId: string | null): FotosState {
  const [state, setState] = useState<FotosState>({ status: 'loading' });

  useEffect(() => {
    if (!captacionId) return undefined;
    let alive = true;
    // Each read is numbered: only the latest one's answer is shown (a slow read never overwrites a newer one).
    let latest = 0;
    const load = () => {
      const mine = ++latest;
      listFotos(captacionId).then(
        (fotos) => {
          if (alive && mine === latest) setState({ status: 'ready', fotos });
        },
        (error: unknown) => {
          if (alive && mine === latest) setState({ status: 'error', error });
        },
      );
    };
    setState({ status: 'loading' });
    load();
    const mark = `:${captacionId}:`;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = watchLocal(FOTO.database, (event) => {
      if (event.kind === 'change' && !event.id.includes(mark)) return;
      // A batch of pulled photos arrives as many changes: read once after them.
      if (timer) clearTimeout(timer);
      timer = setTimeout(load, 60);
    });
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  }, [captacionId]);

  return state;
}

/** The thumbnail of a stored photo ('missing' while its attachment has not arrived by sync). */
export function useMiniatura(id: string | null, rev?: string): { blob: Blob | null; missing: boolean } {
  const [found, setFound] = useState<{ key: string; blob: Blob | null } | null>(null);
  const key = `${id ?? ''}@${rev ?? ''}`;
  useEffect(() => {
    if (!id) return undefined;
    let alive = true;
    readMiniatura(id).then(
      (blob) => alive && setFound({ key, blob }),
      () => alive && setFound({ key, blob: null }),
    );
    return () => {
      alive = false;
    };
  }, [id, key]);
  const current = found?.key === key ? found : null;
  return { blob: current?.blob ?? null, missing: !!current && !current.blob };
}
