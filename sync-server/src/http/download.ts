/** Files the gateway answers (PDFs): how the browser names and shows them, never kept by shared caches. */
import type { Response } from 'express';

/** `attachment` or `inline`, plus the RFC 5987 form when the name is not plain ASCII. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  return ascii === name ? `${kind}; filename="${name}"` : `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A PDF of personal data: its name, shown or saved as asked, and `private, no-store`. */
export function sendPdf(res: Response, bytes: Uint8Array, fileName: string, kind: 'attachment' | 'inline' = 'attachment'): void {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', contentDisposition(kind, fileName));
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/** Aborts when the client leaves before its answer is sent: work it waits for in a queue is dropped. */
export function clientGone(res: Response): AbortSignal {
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  return gone.signal;
}
