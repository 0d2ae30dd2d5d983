/**
 * The whole Blueprint stylesheet, for the screens that draw more than the first paint's part
 * (the shell and the public sign-up; the entry carries only `blueprint.css?critical`, see
 * pwa/build/critical-css.ts). It loads without blocking the first paint, and its link goes right
 * after the entry's stylesheet, so every screen's own styles still come after Blueprint's, as
 * they did when the whole sheet was in the entry.
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
    if (entry) entry.after(link);
    else document.head.append(link);
  });
  return loaded;
}
