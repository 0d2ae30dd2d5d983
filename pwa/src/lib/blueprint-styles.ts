/**
 * The whole Blueprint stylesheet, for the screens that draw more than the first paint's part
 * (the shell and the public sign-up; the entry carries only `blueprint.css?critical`, see
 * pwa/build/critical-css.ts). It loads without blocking the first paint, and its link goes right
 * before the entry's stylesheet, so the app's own styles (the entry's, then the screens') come
 * after Blueprint's, as they did when the whole sheet was in the entry. The first paint's part,
 * inside the entry's sheet, then repeats rules the whole sheet already set.
 */
import blueprintUrl from '@blueprintjs/core/lib/css/blueprint.css?url';

let loaded: Promise<void> | null = null;

export function loadBlueprintStyles(): Promise<void> {
  // No address: stylesheets are off (component tests), nothing to wait for.
  if (!blueprintUrl) return Promise.resolve();
  loaded ??= new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = blueprintUrl;
    // Settled on error too: a screen with the first paint's styles only is still usable; one that never comes is not.
    link.onload = link.onerror = () => resolve();
    const entry = document.head.querySelector('link[rel="stylesheet"], style');
    if (entry) entry.before(link);
    else document.head.append(link);
  });
  return loaded;
}
