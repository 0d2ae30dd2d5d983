/**
 * A captación's photos on this device, live: a photo taken here, one arriving by sync and one
 * deleted on another tablet all show without reloading the screen.
 */
import { useEffect, useState } from 'react';
import { FOTO } from '../../../../../couch-design/fotos/entity';
import { parseFotoId } from '../../../../../couch-design/fotos/types';
import { useLocalRead, type LocalLoadable } from '../../../lib/data';
import { listFotos, readMiniatura, type StoredFoto } from './fotos-store';

export type FotosState = LocalLoadable<StoredFoto[]>;

// A photo's id holds its captación's: another captación's changes read nothing again.
const hers = (id: string, captacionId: string): boolean => parseFotoId(id)?.captacionId === captacionId;

export function useFotos(captacionId: string | null): FotosState {
  return useLocalRead(FOTO.database, captacionId, listFotos, hers);
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
