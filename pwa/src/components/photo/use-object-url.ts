import { useEffect, useState } from 'react';

/**
 * An object URL showing `blob` (a picked file, a stored photo); released when it changes or the
 * screen goes, so images shown one after another never pile up in memory.
 */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}
