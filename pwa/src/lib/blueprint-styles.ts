/**
 * The whole Blueprint stylesheet, for the screens that draw more than the first paint's part
 * (the shell and the public sign-up; the entry carries only `blueprint.css?critical`, see
 * pwa/build/critical-css.ts). It loads without blocking the first paint, and its links go right
 * before the entry's stylesheet, so the app's own styles (the entry's, then the screens') come
 * after Blueprint's, as they did when the whole sheet was in the entry. The first paint's part,
 * inside the entry's sheet, then repeats rules the whole sheet already set, and so wins over a
 * rule of the whole sheet that Blueprint placed after it: such a rule's classes go into the first
 * paint's part too (pwa/build/critical-css.ts, 'bp6-outlined').
 *
 * The build cuts the sheet into a few pieces. A screen that needs it asks for every piece at once
 * (`loadBlueprintStyles`); the shell fetches it in the background one piece at a time
 * (`prefetchBlueprintStyles`), each parsed and matched against the page in a task of its own,
 * so a phone is never held for the whole sheet at once.
 */
import sheetParts from 'virtual:blueprint-sheet-parts';

/** How long the background fetch waits for a frame between pieces before it goes on anyway (a hidden page draws none). */
const FRAME_WAIT_MS = 200;

const loads: Array<Promise<void>> = [];
let last: HTMLLinkElement | null = null;
let background: Promise<void> | null = null;

function insertNext(): Promise<void> {
  const href = sheetParts[loads.length];
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const loaded = new Promise<void>((resolve) => {
    // Settled on error too: a screen with the first paint's styles only is still usable; one that never comes is not.
    link.onload = link.onerror = () => resolve();
  });
  if (last) last.after(link);
  else {
    const entry = document.head.querySelector('link[rel="stylesheet"], style');
    if (entry) entry.before(link);
    else document.head.append(link);
  }
  last = link;
  loads.push(loaded);
  return loaded;
}

const allLoaded = (): Promise<void> => Promise.all(loads).then(() => undefined);

/** Every piece at once; resolves when all have loaded (or failed). */
export function loadBlueprintStyles(): Promise<void> {
  while (loads.length < sheetParts.length) void insertNext();
  return allLoaded();
}

const nextFrame = (): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, FRAME_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });

/** One piece after another, each once the previous one has loaded and been drawn with. */
export function prefetchBlueprintStyles(): Promise<void> {
  background ??= (async () => {
    while (loads.length < sheetParts.length) {
      await insertNext();
      await nextFrame();
    }
  })();
  return background.then(allLoaded);
}
