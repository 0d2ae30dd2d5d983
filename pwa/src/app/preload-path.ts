import { paths, ROUTE } from '../lib/paths';
import { matchScreen } from './match-screen';
import { fetchOnce } from './module-cache';
import { loadShell, loadSignInPage, loadSignUpPage, screenLoader } from './screen-modules';

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

export function preloadPath(address: string): void {
  const pathname = address.replace(/\/+$/, '');
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
