/** One thumbnail: a stored photo's (read from the local `fotos` database) or an unsaved one's (a Blob). */
import type { JSX } from 'react';
import { MINIATURA_SIN_DATOS } from './texts';
// The hook itself: the photo barrel brings the form field (and Formik) to the list.
import { useObjectUrl } from '../../../components/photo/use-object-url';
import { useMiniatura } from './use-fotos';

export interface FotoMiniaturaProps {
  /** A stored photo's `foto` id (and revision: a new one reads again). */
  id?: string;
  rev?: string;
  /** Or the thumbnail itself (a photo of a captación not saved yet). */
  blob?: Blob;
  alt: string;
  className?: string;
}

export function FotoMiniatura({ id, rev, blob, alt, className }: FotoMiniaturaProps): JSX.Element {
  const stored = useMiniatura(blob ? null : (id ?? null), rev);
  const url = useObjectUrl(blob ?? stored.blob);
  const classes = `fotos-miniatura ${className ?? ''}`;
  if (!url) {
    // Arrived by sync before its thumbnail (PouchDB fetches attachments with their batch), or loading.
    return (
      <span className={`${classes} fotos-miniatura--vacia`} role="img" aria-label={alt}>
        {stored.missing ? <span className="fotos-miniatura__nota">{MINIATURA_SIN_DATOS}</span> : null}
      </span>
    );
  }
  return <img className={classes} src={url} alt={alt} draggable={false} />;
}
