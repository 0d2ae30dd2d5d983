/**
 * Runs inside Chromium for the photos bench (bundled by browser.ts with esbuild): camera-like
 * 12-megapixel JPEG files made on a canvas, then the PWA's own steps to add photos to a captación
 * (pwa/src/features/captaciones/fotos: `resizePhoto` per file as the capture does, then `addFotos`
 * into the device's `fotos` database in IndexedDB), sealed as every person's data is: an AES-GCM
 * key of the same kind as a person's stands in for the one their password opens.
 */
import { generateMissingKeysForTests } from '../../pwa/src/lib/vault/keyring';
import { addFotos } from '../../pwa/src/features/captaciones/fotos/fotos-store';
import { resizePhoto, type ResizedPhoto } from '../../pwa/src/features/captaciones/fotos/resize';
import { setActiveUser } from '../../pwa/src/lib/db/registry';

/** A 4000 × 3000 scene (sky, facade, windows) with sensor-like noise, so the JPEG weighs what a phone's does. */
async function cameraFile(seed: number): Promise<Blob> {
  const w = 4000;
  const h = 3000;
  const canvas = new OffscreenCanvas(w, h);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('sin contexto 2d');
  const sky = ctx.createLinearGradient(0, 0, 0, h);
  sky.addColorStop(0, `hsl(${200 + seed * 3}, 60%, 70%)`);
  sky.addColorStop(1, '#f4efe6');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, w, h);
  let r = seed * 9301 + 49297;
  const rnd = (): number => ((r = (r * 9301 + 49297) % 233280) / 233280);
  for (let i = 0; i < 400; i++) {
    ctx.fillStyle = `hsl(${Math.floor(rnd() * 360)}, ${20 + rnd() * 40}%, ${30 + rnd() * 50}%)`;
    ctx.fillRect(rnd() * w, h * 0.3 + rnd() * h * 0.7, 40 + rnd() * 600, 40 + rnd() * 500);
  }
  const img = ctx.getImageData(0, 0, w, h);
  const d = img.data;
  for (let i = 0; i < d.length; i += 4) {
    const n = (Math.random() - 0.5) * 24;
    d[i] += n;
    d[i + 1] += n;
    d[i + 2] += n;
  }
  ctx.putImageData(img, 0, 0);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
}

const files: Blob[] = [];

async function makeFiles(count: number): Promise<number[]> {
  files.length = 0;
  for (let i = 0; i < count; i++) files.push(await cameraFile(i + 1));
  return files.map((f) => f.size);
}

export interface AddResult {
  totalMs: number;
  resizeMs: number[];
  storeMs: number;
  originals: number[];
  miniaturas: number[];
  storageBefore: number;
  storageAfter: number;
  /** Every photo's images in base64: the Node side of the bench uploads them. */
  samples: Array<{ original: string; miniatura: string }>;
}

async function base64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

async function used(): Promise<number> {
  return (await navigator.storage.estimate()).usage ?? 0;
}

/** What a person adding the files to a captación waits for: each resized, then all stored together. */
async function addPhotos(): Promise<AddResult> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  generateMissingKeysForTests(() => key);
  setActiveUser('medicion');
  const storageBefore = await used();
  const resizeMs: number[] = [];
  const ready: ResizedPhoto[] = [];
  const t0 = performance.now();
  for (const file of files) {
    const t = performance.now();
    ready.push(await resizePhoto(file));
    resizeMs.push(performance.now() - t);
  }
  const s0 = performance.now();
  await addFotos('cap-medicion', ready);
  const end = performance.now();
  return {
    totalMs: end - t0,
    resizeMs,
    storeMs: end - s0,
    originals: ready.map((p) => p.original.size),
    miniaturas: ready.map((p) => p.miniatura.size),
    storageBefore,
    storageAfter: await used(),
    samples: await Promise.all(ready.map(async (p) => ({ original: await base64(p.original), miniatura: await base64(p.miniatura) }))),
  };
}

(globalThis as unknown as { benchFotos: unknown }).benchFotos = { makeFiles, addPhotos };
