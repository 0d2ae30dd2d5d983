/**
 * The full-screen view of a captación's photos: the original (useOriginal: kept, own, or
 * fetched), the thumbnail meanwhile or when offline, with a Spanish note. Arrow keys on a
 * desktop, a swipe (pointer events) on a tablet, and buttons for both; Escape closes (Dialog).
 */
import { Button, Dialog, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, type JSX, type PointerEvent } from 'react';
import { FotoMiniatura } from './FotoMiniatura';
import type { StoredFoto } from './fotos-store';
import { BTN_ANTERIOR, BTN_SIGUIENTE, fotoAlt, GALERIA_AYUDA, ORIGINAL_CARGANDO, ORIGINAL_ERROR, ORIGINAL_SIN_CONEXION } from './texts';
import { useObjectUrl } from '../../../components/photo';
import { useOriginal } from './use-original';

/** A horizontal move longer than this (px), and longer than it is tall, is a swipe. */
export const SWIPE_PX = 50;

/** -1 (previous), 1 (next) or 0 for a pointer that moved from `start` to `end`. */
export function swipeDirection(start: { x: number; y: number }, end: { x: number; y: number }): -1 | 0 | 1 {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

export interface VisorProps {
  fotos: readonly StoredFoto[];
  index: number | null;
  onIndex: (index: number | null) => void;
}

function Imagen({ foto, alt }: { foto: StoredFoto; alt: string }): JSX.Element {
  const original = useOriginal(foto);
  const url = useObjectUrl(original.status === 'ready' ? original.blob : null);
  return (
    <figure className="fotos-visor__figura">
      {url ? (
        <img className="fotos-visor__imagen" src={url} alt={alt} data-testid="foto-original" draggable={false} />
      ) : (
        <FotoMiniatura id={foto._id} rev={foto._rev} alt={alt} className="fotos-visor__imagen" />
      )}
      <figcaption className="fotos-visor__nota" aria-live="polite" data-testid="foto-visor-nota">
        {original.status === 'loading' ? (
          <>
            <Spinner size={16} /> {ORIGINAL_CARGANDO}
          </>
        ) : original.status === 'offline' ? (
          ORIGINAL_SIN_CONEXION
        ) : original.status === 'error' ? (
          ORIGINAL_ERROR
        ) : null}
      </figcaption>
    </figure>
  );
}

export function Visor({ fotos, index, onIndex }: VisorProps): JSX.Element {
  const start = useRef<{ x: number; y: number } | null>(null);
  const total = fotos.length;
  const open = index !== null && index < total;
  const go = (delta: number) => {
    if (index === null || total === 0) return;
    onIndex((index + delta + total) % total);
  };
  // On the window while open: wherever the dialog put the focus, the arrows turn the photos.
  useEffect(() => {
    if (index === null || total === 0) return undefined;
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      const delta = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
      if (!delta) return;
      e.preventDefault();
      onIndex((index + delta + total) % total);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [index, total, onIndex]);
  const onPointerDown = (e: PointerEvent) => {
    start.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (from) go(swipeDirection(from, { x: e.clientX, y: e.clientY }));
  };
  const foto = open ? fotos[index] : null;
  const alt = open ? fotoAlt(index + 1, total) : '';
  return (
    <Dialog isOpen={open} onClose={() => onIndex(null)} title={alt} className="fotos-visor">
      <div
        className="fotos-visor__cuerpo"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (start.current = null)}
      >
        {foto ? <Imagen key={foto._id} foto={foto} alt={alt} /> : null}
        {total > 1 ? (
          <div className="fotos-visor__nav">
            <Button size="large" icon="chevron-left" aria-label={BTN_ANTERIOR} title={BTN_ANTERIOR} onClick={() => go(-1)} data-testid="foto-anterior" />
            <span className="bp6-text-muted">{GALERIA_AYUDA}</span>
            <Button size="large" icon="chevron-right" aria-label={BTN_SIGUIENTE} title={BTN_SIGUIENTE} onClick={() => go(1)} data-testid="foto-siguiente" />
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
