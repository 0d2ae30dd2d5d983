import { paths, ROUTE, type RoutePattern } from '../lib/paths';
import { matchScreen } from './match-screen';
import { fetchOnce } from './module-cache';
import { loadShell, loadSignInPage, loadSignUpPage, SAME_SCREEN, SCREEN_MODULES, type ScreenLoader } from './screen-modules';

/** The loader of the screen a pattern draws (its own, or the one it shares). */
export function screenLoader(pattern: RoutePattern): ScreenLoader {
  const own = SAME_SCREEN[pattern] ?? pattern;
  const load = (SCREEN_MODULES as Partial<Record<RoutePattern, ScreenLoader>>)[own];
  if (!load) throw new Error(`Ruta sin pantalla: ${pattern}`);
  return load;
}

/**
 * Starts fetching the code an address draws (the shell and its screen, or a public screen)
 * while the first session check runs, instead of after it: on a phone each wave of chunks costs
 * round trips. An anonymous visitor of a dashboard address fetches the shell for nothing, but
 * that visitor is rare (signing out lands on the sign-in screen). The route table draws the same
 * modules and reports a failure itself, so failures here are dropped (`startupCode` settles).
 */
let startup: Promise<unknown> = Promise.resolve();
let settled = false;

/** Settles once the code `preloadPath` fetched has arrived or failed. */
export function startupCode(): Promise<unknown> {
  return startup;
}

/** True once `startupCode()` has settled, for a first render that must not wait a tick for it. */
export function startupCodeSettled(): boolean {
  return settled;
}

/**
 * The shared chunks a screen's code imports, each asked for on its own (issue 20 item 7): a
 * screen's import evaluates every chunk of its graph in one task, a third of a second of a
 * phone's main thread for the list (PouchDB, Formik and Yup, Blueprint's overlays, the app's
 * kit). Asked for separately, at the same moment as the screen (no request waits for another),
 * each chunk that arrives before the rest is evaluated in a task of its own. Which package
 * stands for which chunk: vite.config.ts (`VENDOR_FAMILIES`, and 'ui' for the rest).
 */
const POUCHDB_CHUNK = () => import('pouchdb-core');
const FORMS_CHUNK = () => import('formik');
const UI_CHUNK = () => import('@floating-ui/dom');

function warmUp(loads: ReadonlyArray<() => Promise<unknown>>): void {
  // Only a head start: the screen's own import reports a failure.
  for (const load of loads) load().catch(() => undefined);
}

export function preloadPath(address: string): void {
  const pathname = address.replace(/\/+$/, '');
  const publicScreen = pathname === paths.signIn || pathname === paths.signUp;
  // The local databases' code is for signed-in screens only.
  warmUp(publicScreen ? [UI_CHUNK, FORMS_CHUNK] : [POUCHDB_CHUNK, UI_CHUNK, FORMS_CHUNK]);
  const loads =
    pathname === paths.signIn
      ? [fetchOnce(loadSignInPage)]
      : pathname === paths.signUp
        ? [fetchOnce(loadSignUpPage)]
        : // Any other address is a dashboard screen or redirects to the home screen.
          [fetchOnce(loadShell), fetchOnce(screenLoader(matchScreen(pathname) ?? ROUTE.home))];
  settled = false;
  startup = Promise.allSettled(loads).then(() => {
    settled = true;
  });
}
