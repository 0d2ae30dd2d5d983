/**
 * 'Tomar foto' (the rear camera: `capture="environment"`) and 'Elegir de la galería' (several at
 * once). Each chosen file is resized here, one at a time (a tablet holds one 12 MP bitmap at a
 * time comfortably, not ten), after checking the device has room; files that are not images are
 * named in the error and the rest still go through.
 */
import { Button, Callout, Intent } from '@blueprintjs/core';
import { useRef, useState, type JSX } from 'react';
import { NotAnImageError, resizePhoto, type ResizedPhoto } from './resize';
import { checkSpace, persistOnFirstPhoto } from './space';
import { BTN_ELEGIR_GALERIA, BTN_TOMAR_FOTO, ERROR_GUARDAR, ERROR_NO_IMAGEN, PROCESANDO } from './texts';

export interface CapturaFotosProps {
  /** Stores the resized photos; throws a Spanish error when it cannot. */
  onPhotos: (photos: ResizedPhoto[]) => Promise<void>;
  disabled?: boolean;
}

export function CapturaFotos({ onPhotos, disabled }: CapturaFotosProps): JSX.Element {
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [warning, setWarning] = useState<string | null>(null);

  const take = async (files: File[]) => {
    if (!files.length) return;
    setErrors([]);
    setWarning(null);
    const space = await checkSpace(files.length);
    if (!space.ok) {
      setErrors([space.error]);
      return;
    }
    setWarning(space.warning);
    void persistOnFirstPhoto();
    const problems: string[] = [];
    const ready: ResizedPhoto[] = [];
    setProgress({ done: 0, total: files.length });
    try {
      for (const [i, file] of files.entries()) {
        setProgress({ done: i + 1, total: files.length });
        try {
          ready.push(await resizePhoto(file));
        } catch (err) {
          if (err instanceof NotAnImageError) problems.push(ERROR_NO_IMAGEN(file.name || 'El archivo'));
          else {
            console.error('No se pudo preparar la foto.', err);
            problems.push(ERROR_NO_IMAGEN(file.name || 'El archivo'));
          }
        }
      }
      if (ready.length) {
        try {
          await onPhotos(ready);
        } catch (err) {
          console.error('No se pudieron guardar las fotos.', err);
          problems.push(err instanceof Error && /foto/i.test(err.message) ? err.message : ERROR_GUARDAR);
        }
      }
    } finally {
      setProgress(null);
      setErrors(problems);
    }
  };

  const picked = (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    // The same file chosen again must still answer.
    input.value = '';
    void take(files);
  };
  const busy = progress !== null;

  return (
    <div className="fotos-captura">
      <div className="fotos-captura__botones">
        <Button size="large" icon="camera" intent={Intent.PRIMARY} disabled={disabled || busy} onClick={() => camera.current?.click()} data-testid="foto-tomar">
          {BTN_TOMAR_FOTO}
        </Button>
        <Button size="large" icon="folder-open" disabled={disabled || busy} onClick={() => gallery.current?.click()} data-testid="foto-galeria">
          {BTN_ELEGIR_GALERIA}
        </Button>
        <input
          ref={camera}
          className="app-visually-hidden"
          type="file"
          accept="image/*"
          capture="environment"
          tabIndex={-1}
          // Reached through its button only: a screen reader must not find a second 'Tomar foto'.
          aria-hidden="true"
          data-testid="foto-tomar-input"
          onChange={(e) => picked(e.currentTarget)}
        />
        <input
          ref={gallery}
          className="app-visually-hidden"
          type="file"
          accept="image/*"
          multiple
          tabIndex={-1}
          aria-hidden="true"
          data-testid="foto-galeria-input"
          onChange={(e) => picked(e.currentTarget)}
        />
      </div>
      <div aria-live="polite">
        {progress ? (
          <p className="fotos-captura__progreso" data-testid="foto-procesando">
            {PROCESANDO(progress.done, progress.total)}
          </p>
        ) : null}
      </div>
      {warning ? (
        <Callout intent={Intent.WARNING} icon="warning-sign" data-testid="foto-aviso">
          {warning}
        </Callout>
      ) : null}
      {errors.length ? (
        <Callout intent={Intent.DANGER} icon="error" role="alert" data-testid="foto-error">
          {errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </Callout>
      ) : null}
    </div>
  );
}
