/** HTTP answers exactly as the gateway sent them (fetch would decode them on its own, and refuses `Sec-` headers). */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawAnswer { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

export function rawGet(base: string, pathname: string, headers: Record<string, string>): Promise<RawAnswer> {
  return rawRequest('GET', base, pathname, headers);
}

export function rawRequest(method: string, base: string, pathname: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${pathname}`, { method, headers }, (res) => {
      const chunks: Uint8Array[] = [];
      res.on('data', (c: Buffer) => chunks.push(new Uint8Array(c)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The body, decoded from the brotli or gzip the answer names. */
export const decode = (r: RawAnswer): string => {
  const data = new Uint8Array(r.body);
  if (r.headers['content-encoding'] === 'br') return brotliDecompressSync(data).toString('utf8');
  if (r.headers['content-encoding'] === 'gzip') return gunzipSync(data).toString('utf8');
  return r.body.toString('utf8');
};
