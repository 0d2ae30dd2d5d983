/**
 * The entry (React and the app) is a preload link in the page, not a script
 * (pwa/build/boot-script.ts): the start-up script runs it once the browser has painted what is
 * on the page. On a fast network the entry arrives with the stylesheet, and its evaluation would
 * hold the first paint back; its download still starts with the page.
 */
export const ENTRY_ATTRIBUTE = 'data-entry';

const FAILED = 'No se pudo cargar la aplicación. Revisa tu conexión y vuelve a cargar la página.';

export function startEntryAfterPaint(root: HTMLElement | null): void {
  const entry = document.querySelector<HTMLLinkElement>(`link[${ENTRY_ATTRIBUTE}]`);
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    import(/* @vite-ignore */ entry.href).catch(() => {
      const message = document.createElement('p');
      message.className = 'app-boot';
      message.setAttribute('role', 'alert');
      message.textContent = FAILED;
      root?.replaceChildren(message);
    });
  };
  requestAnimationFrame(() => setTimeout(start));
  // A tab in the background paints no frames: it starts the entry anyway.
  setTimeout(start, 100);
}
