import type { NextFunction, Request, Response } from 'express';
import { stat } from 'node:fs/promises';
import path from 'node:path';

/** The copies the build writes beside each text asset (pwa/build/precompress.ts), best first. */
const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/** The content codings an Accept-Encoding header accepts (q above 0), lower case. */
export function acceptedCodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  return accepted;
}

const isFile = (file: string) => stat(file).then((s) => s.isFile(), () => false);

/**
 * Sends `file` (inside the static folder) as its brotli or gzip copy when there is one and the
 * browser accepts it: the original's type and caching, `Content-Encoding`, and `Vary:
 * Accept-Encoding` so no cache hands the compressed bytes to a browser that did not ask for them.
 * Answers false, having sent nothing, when the file has no copy the browser accepts.
 */
export async function sendPrecompressed(req: Request, res: Response, file: string, cacheControl: string): Promise<boolean> {
  const copies = await Promise.all(ENCODINGS.map(async (e) => ((await isFile(file + e.suffix)) ? e : null)));
  const present = copies.filter((e) => e !== null);
  if (present.length === 0) return false;
  res.vary('Accept-Encoding');
  const accepted = acceptedCodings(req.get('accept-encoding'));
  const chosen = present.find((e) => accepted.has(e.coding));
  if (!chosen) return false;
  res.setHeader('Content-Encoding', chosen.coding);
  res.setHeader('Cache-Control', cacheControl);
  res.type(path.extname(file));
  return new Promise<boolean>((resolve) => {
    res.sendFile(file + chosen.suffix, { cacheControl: false }, (err) => {
      // Gone between the check and the send (a new build): the original answers instead. A
      // client that left mid-answer needs nothing more.
      if (err && !res.headersSent) {
        res.removeHeader('Content-Encoding');
        res.removeHeader('Content-Type');
        resolve(false);
      } else resolve(true);
    });
  });
}

/**
 * The static folder's files through `sendPrecompressed` (GET and HEAD of a path inside `root`);
 * everything else goes on to the next handler (express.static serves the original).
 */
export function precompressedFiles(root: string, cacheControl: (file: string) => string) {
  const base = path.resolve(root);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let file: string;
    try {
      file = path.resolve(base, `.${decodeURIComponent(req.path)}`);
    } catch {
      return next();
    }
    if (!file.startsWith(base + path.sep) || file.includes('\0')) return next();
    sendPrecompressed(req, res, file, cacheControl(file)).then((sent) => (sent ? undefined : next()), next);
  };
}
