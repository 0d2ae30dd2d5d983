/**
 * Attachments go into PouchDB as base64 and come out as a Blob in the browser but a Buffer in
 * Node (the tests): these two helpers keep the rest of the feature to Blobs everywhere.
 */

/** Base64 of a Blob, in chunks (a 300 KB photo as one `String.fromCharCode(...)` would overflow the stack). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

/** What PouchDB's getAttachment returned, as a Blob of `type`. */
export function asBlob(data: unknown, type: string): Blob {
  if (data instanceof Blob) return data.type ? data : new Blob([data], { type });
  if (data instanceof Uint8Array) return new Blob([data.slice()], { type });
  if (data instanceof ArrayBuffer) return new Blob([data], { type });
  throw new Error('El adjunto de la foto no se pudo leer.');
}
