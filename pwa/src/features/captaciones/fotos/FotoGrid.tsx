/**
 * The thumbnails of a captación in a grid, each with its actions when the person may edit: move
 * before or after (reorder with the keyboard or a finger: no drag and drop to miss on a tablet),
 * mark as the cover, remove (asked first). Every button is at least 44×44 px and named.
 */
import { Alert, Button, Intent, Tag } from '@blueprintjs/core';
import { useState, type JSX } from 'react';
import { FotoMiniatura } from './FotoMiniatura';
import { BTN_ANTES, BTN_CANCELAR, BTN_CONFIRMAR_QUITAR, BTN_DESPUES, BTN_PORTADA, BTN_QUITAR, CONFIRMAR_QUITAR, ETIQUETA_PORTADA, fotoAlt } from './texts';

export interface GridItem {
  key: string;
  portada: boolean;
  /** A stored photo's id and revision, or an unsaved photo's thumbnail. */
  id?: string;
  rev?: string;
  blob?: Blob;
}

export interface FotoGridProps {
  items: readonly GridItem[];
  /** Opens the full-screen view at this photo (the detail's gallery). */
  onOpen?: (index: number) => void;
  onMove?: (index: number, delta: -1 | 1) => void;
  onCover?: (index: number) => void;
  onRemove?: (index: number) => void;
  busy?: boolean;
}

export function FotoGrid({ items, onOpen, onMove, onCover, onRemove, busy }: FotoGridProps): JSX.Element {
  const [asking, setAsking] = useState<number | null>(null);
  const total = items.length;
  return (
    <>
      <ul className="fotos-grid" data-testid="fotos-grid">
        {items.map((item, i) => {
          const alt = fotoAlt(i + 1, total);
          const thumb = <FotoMiniatura id={item.id} rev={item.rev} blob={item.blob} alt={alt} />;
          return (
            <li key={item.key} className="fotos-grid__item" data-testid="foto-item" data-portada={item.portada || undefined}>
              {onOpen ? (
                <button type="button" className="fotos-grid__abrir" onClick={() => onOpen(i)} aria-label={alt} data-testid="foto-abrir">
                  {thumb}
                </button>
              ) : (
                <span className="fotos-grid__abrir">{thumb}</span>
              )}
              {item.portada ? (
                <Tag className="fotos-grid__portada" intent={Intent.PRIMARY} icon="star">
                  {ETIQUETA_PORTADA}
                </Tag>
              ) : null}
              {onMove || onCover || onRemove ? (
                <div className="fotos-grid__acciones">
                  {onMove ? (
                    <>
                      <Button icon="arrow-left" variant="minimal" aria-label={`${BTN_ANTES}: ${alt}`} title={BTN_ANTES} disabled={busy || i === 0} onClick={() => onMove(i, -1)} />
                      <Button icon="arrow-right" variant="minimal" aria-label={`${BTN_DESPUES}: ${alt}`} title={BTN_DESPUES} disabled={busy || i === total - 1} onClick={() => onMove(i, 1)} />
                    </>
                  ) : null}
                  {onCover ? (
                    <Button
                      icon="star"
                      variant="minimal"
                      intent={item.portada ? Intent.PRIMARY : Intent.NONE}
                      aria-label={`${BTN_PORTADA}: ${alt}`}
                      aria-pressed={item.portada}
                      title={BTN_PORTADA}
                      disabled={busy || item.portada}
                      onClick={() => onCover(i)}
                      data-testid="foto-portada"
                    />
                  ) : null}
                  {onRemove ? (
                    <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={`${BTN_QUITAR}: ${alt}`} title={BTN_QUITAR} disabled={busy} onClick={() => setAsking(i)} data-testid="foto-quitar" />
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <Alert
        isOpen={asking !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={BTN_CONFIRMAR_QUITAR}
        cancelButtonText={BTN_CANCELAR}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking !== null) onRemove?.(asking);
          setAsking(null);
        }}
      >
        <p>{CONFIRMAR_QUITAR}</p>
      </Alert>
    </>
  );
}
