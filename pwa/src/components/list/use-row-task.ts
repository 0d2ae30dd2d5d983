/**
 * A row button that runs something slow (a PDF): its row's button spins while it runs, and a
 * failure stays known until the next press or until the screen's message is closed.
 */
import { useState } from 'react';

export interface RowTask<R> {
  run: (row: R) => void;
  busy: (row: R) => boolean;
  failed: boolean;
  dismiss: () => void;
}

export function useRowTask<R>(task: (row: R) => Promise<void>, rowKey: (row: R) => string): RowTask<R> {
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const start = async (row: R) => {
    setFailed(false);
    setBusyKey(rowKey(row));
    try {
      await task(row);
    } catch {
      setFailed(true);
    } finally {
      setBusyKey(null);
    }
  };
  return { run: (row) => void start(row), busy: (row) => busyKey === rowKey(row), failed, dismiss: () => setFailed(false) };
}
