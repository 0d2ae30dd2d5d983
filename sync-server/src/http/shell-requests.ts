/**
 * Which requests outside /api and /db get the app's page (the shell), and what the others get.
 *
 * Only a navigation does. A script, a style sheet, an image or the service worker that does not
 * exist must answer 404: after a deployment a device still on the old page asks for the old
 * hashed files and the old `/sw.js` or `workbox-*.js`; answered with the page and a 200, the
 * browser runs HTML as a script (the screen loses its code or its styles) or fails to register
 * the service worker, instead of seeing they are gone and loading the new page.
 */
import type { Request, RequestHandler } from 'express';

export const FILE_NOT_FOUND = 'No se encontró el archivo solicitado.';

/** A last path segment ending in a file extension (`app-3f9a.js`, `logo.png`, `manifest.webmanifest`). */
const FILE_NAME = /\.[A-Za-z][A-Za-z0-9]{0,9}$/;

/** What browsers say they fetch for a subresource (Sec-Fetch-Dest): none of them is a page. */
const NOT_A_PAGE = new Set(['script', 'style', 'image', 'font', 'worker', 'sharedworker', 'serviceworker', 'manifest', 'audio', 'video', 'track', 'object', 'embed', 'json']);

/** A path that names a file: under /assets/ (the build's hashed files) or with an extension. */
export function namesAFile(pathname: string): boolean {
  if (pathname === '/assets' || pathname.startsWith('/assets/')) return true;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return FILE_NAME.test(last);
}

/**
 * A navigation to a screen of the app: GET (or HEAD) of a path that names no file, made by the
 * browser as a navigation (Sec-Fetch-Mode: navigate) or, without Fetch Metadata, accepting HTML.
 * The service worker's own fetch of a screen path (mode same-origin, destination empty, any
 * Accept) gets the shell too: that is how it keeps its copy.
 */
export function wantsShell(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (namesAFile(req.path)) return false;
  if (req.get('sec-fetch-mode') === 'navigate') return true;
  const dest = req.get('sec-fetch-dest');
  if (dest !== undefined && NOT_A_PAGE.has(dest)) return false;
  return Boolean(req.accepts('html'));
}

/**
 * 404 for whatever the static files did not serve and is not a navigation, in Spanish and never
 * stored: a file that a later deployment adds must not stay "missing" in any cache.
 */
export const fileNotFound: RequestHandler = (_req, res) => {
  res.status(404);
  res.setHeader('Cache-Control', 'no-store');
  res.type('text/plain; charset=utf-8').send(FILE_NOT_FOUND);
};
