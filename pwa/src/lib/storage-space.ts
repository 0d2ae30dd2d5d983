/**
 * The device's storage as the browser reports it (`navigator.storage.estimate()`), for the sync
 * panel ("space used and left") and for the photo capture, which warns before a photo would not
 * fit (issue 22 item 2). The figures are the browser's own estimate of the origin's quota: good
 * enough to warn, never a promise that a write will succeed.
 */
import { useEffect, useState } from 'react';

export interface StorageSpace {
  /** Bytes this app uses on the device. */
  used: number;
  /** Bytes it may still use (quota minus usage). */
  free: number;
}

/** The estimate, or null where the browser does not give one (older Safari, tests). */
export async function estimateSpace(): Promise<StorageSpace | null> {
  try {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.estimate) return null;
    const { usage, quota } = await storage.estimate();
    if (typeof usage !== 'number' || typeof quota !== 'number') return null;
    return { used: usage, free: Math.max(0, quota - usage) };
  } catch {
    return null;
  }
}

const numberFmt = new Map<number, Intl.NumberFormat>();
function fmt(digits: number): Intl.NumberFormat {
  let f = numberFmt.get(digits);
  if (!f) numberFmt.set(digits, (f = new Intl.NumberFormat('es-MX', { maximumFractionDigits: digits })));
  return f;
}

/** '850 KB', '1.2 MB', '3.4 GB': sizes as people read them (1 KB = 1,024 bytes). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(Number.isFinite(bytes) ? bytes : 0))} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${fmt(value < 10 ? 1 : 0).format(value)} ${units[unit]}`;
}

/** The estimate, read when the component shows and again when `refreshKey` changes. */
export function useStorageSpace(refreshKey: unknown = null): StorageSpace | null {
  const [space, setSpace] = useState<StorageSpace | null>(null);
  useEffect(() => {
    let alive = true;
    void estimateSpace().then((s) => {
      if (alive) setSpace(s);
    });
    return () => {
      alive = false;
    };
  }, [refreshKey]);
  return space;
}
