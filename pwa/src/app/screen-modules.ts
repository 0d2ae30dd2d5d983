/**
 * Where each screen's code lives, as loaders, with no React in sight: the route table
 * (lib/screens.ts) names each screen's file, the route component (routes.tsx) draws it, and the
 * start-up script (boot.ts) fetches the one an address needs before React itself has been
 * evaluated. One loader per file, made once: the module cache and `preloadable` key on it.
 */
import type { ComponentType } from 'react';
import { loadBlueprintStyles } from '../lib/blueprint-styles';
import type { RoutePattern } from '../lib/paths';
import { DASHBOARD_SCREEN_TABLE, PUBLIC_SCREEN_TABLE, type DashboardScreenName, type ScreenDeclaration } from '../lib/screens';

// Screens take different props: the route table passes each its own.
export type ScreenModule = { default: ComponentType<any> };
export type ScreenLoader = () => Promise<ScreenModule>;

/**
 * Every screen file of the features, each its own chunk (a dynamic import apiece, as written by
 * hand before). 'Desbloquear' is no route: the guard loads it (guards.tsx).
 */
export const SCREEN_FILES = import.meta.glob<ScreenModule>(['../features/*/*Page.tsx', '!../features/auth/UnlockPage.tsx']);

/**
 * A screen drawn with Blueprint's whole stylesheet unless it is declared `firstPaint`. The entry's
 * first-paint part (pwa/build/critical-css.ts) covers the shell and the captaciones list, the
 * screen a field agent opens, which therefore waits for nothing more; every other screen waits
 * for the whole sheet.
 */
function loaderOf(screen: ScreenDeclaration): ScreenLoader {
  const load = SCREEN_FILES[`../features/${screen.module}.tsx`];
  if (!load) throw new Error(`La pantalla ${screen.module ?? screen.path} no existe en features/`);
  if (screen.firstPaint) return load;
  return async () => {
    const [module] = await Promise.all([load(), loadBlueprintStyles()]);
    return module;
  };
}

const DASHBOARD_LOADERS = new Map<RoutePattern, ScreenLoader>();
for (const screen of Object.values(DASHBOARD_SCREEN_TABLE) as ScreenDeclaration[]) {
  if (screen.module) DASHBOARD_LOADERS.set(screen.path as RoutePattern, loaderOf(screen));
}

/** The loader of the screen a pattern draws (its own, or the one its second reading shares). */
export function screenLoader(pattern: RoutePattern): ScreenLoader {
  const own = (Object.values(DASHBOARD_SCREEN_TABLE) as ScreenDeclaration[]).find((s) => s.path === pattern);
  const drawn = own?.sameAs ? DASHBOARD_SCREEN_TABLE[own.sameAs as DashboardScreenName].path : pattern;
  const load = DASHBOARD_LOADERS.get(drawn);
  if (!load) throw new Error(`Ruta sin pantalla: ${pattern}`);
  return load;
}

// The chrome is only needed once signed in: keep it, and Blueprint's whole stylesheet, out of
// the entry. It draws with the first paint's part (the shell fetches the whole sheet once drawn).
export async function loadShell() {
  return { default: (await import('./shell/Shell')).Shell };
}

export const loadSignInPage = loaderOf(PUBLIC_SCREEN_TABLE.signIn);
export const loadSignUpPage = loaderOf(PUBLIC_SCREEN_TABLE.signUp);
