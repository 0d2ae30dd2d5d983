/**
 * Room for the sticky Cancelar/Guardar bar (form.css `.form-actions`): while a form is on screen
 * the page's scroll padding at the bottom is the bar's height, so the browser scrolls a field
 * reached with Tab (or shown by `scrollIntoView`) above the bar instead of under it. The bar grows
 * with a save's banners: its height is followed, not assumed.
 */
import { useEffect, type RefObject } from 'react';

/** Space kept between the field and the bar. */
const GAP_PX = 16;

export function useStickyBarRoom(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement;
    const apply = () => {
      root.style.scrollPaddingBottom = `${Math.ceil(el.getBoundingClientRect().height) + GAP_PX}px`;
    };
    apply();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(apply) : null;
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  }, [bar]);
}
