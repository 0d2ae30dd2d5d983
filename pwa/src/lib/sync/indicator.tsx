import type { JSX } from 'react';

/** Placeholder: the sync helper replaces this with the real top-bar sync state. */
export function SyncIndicator(): JSX.Element | null {
  return null;
}
