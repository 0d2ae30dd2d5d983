/**
 * The entry (React and the app) is a preload link in the page, not a script
 * (pwa/build/boot-script.ts): the start-up script runs it once the browser has painted what is
 * on the page. On a fast network the entry arrives with the stylesheet, and its evaluation would
 * hold the first paint back; its download still starts with the page.
 */
export const ENTRY_ATTRIBUTE = 'data-entry';

const FAILED = 'No se pudo cargar la aplicación. Revisa tu conexión y vuelve a cargar la página.';

/**
 * Runs `work` once the browser has painted what is on the page. The start-up script itself runs
 * only once the stylesheet is in, so on a phone this waits one frame; on a fast network it keeps
 * code that arrived early from being evaluated ahead of the first paint.
 */
export function afterFirstPaint(work: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    work();
  };
  requestAnimationFrame(() => setTimeout(once));
  // A tab in the background paints no frames: the work starts anyway.
  setTimeout(once, 100);
}

/** Runs the entry the page preloads; a failure replaces the loading screen with a Spanish message. */
export function startEntry(root: HTMLElement | null): void {
  const entry = document.querySelector<HTMLLinkElement>(`link[${ENTRY_ATTRIBUTE}]`);
  if (!entry) return;
  import(/* @vite-ignore */ entry.href).catch(() => {
    const message = document.createElement('p');
    message.className = 'app-boot';
    message.setAttribute('role', 'alert');
    message.textContent = FAILED;
    root?.replaceChildren(message);
  });
}
