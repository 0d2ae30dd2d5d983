/**
 * When the person last opened or edited each record on this device (issue 34 item 3, docs/
 * architecture.md «Espacio del dispositivo»): past the storage budget, the least recently used
 * leave first. Ids and times only, so it stays in clear beside the last sync's time (ids are not
 * personal data: docs/architecture.md «Datos cifrados en el dispositivo»); wiping the person
 * removes it (vault/wipe.ts).
 */
import { useEffect } from 'react';
import { defaultKeyValueStore, type KeyValueStore } from './meta';

/** Records remembered at most: the oldest uses are forgotten first (and so leave first anyway). */
const MAX_USES = 5_000;

export function lastUseKey(userId: string): string {
  return `inmo_sync_${userId}_uso`;
}

/** Record id → epoch ms of its last use here. */
export function lastUses(userId: string, kv: KeyValueStore = defaultKeyValueStore): Map<string, number> {
  try {
    const parsed = JSON.parse(kv.get(lastUseKey(userId)) ?? '{}') as Record<string, unknown>;
    return new Map(Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number'));
  } catch {
    return new Map();
  }
}

/** The person opened or edited `id` on this device now. */
export function noteUse(userId: string, id: string, kv: KeyValueStore = defaultKeyValueStore, at = Date.now()): void {
  const uses = lastUses(userId, kv);
  uses.delete(id);
  uses.set(id, at);
  const kept = [...uses].sort((a, b) => a[1] - b[1]).slice(-MAX_USES);
  kv.set(lastUseKey(userId), JSON.stringify(Object.fromEntries(kept)));
}

/** A screen that opens or edits record `id` notes its use each time it shows it. */
export function useNoteUse(userId: string | null | undefined, id: string): void {
  useEffect(() => {
    if (userId && id) noteUse(userId, id);
  }, [userId, id]);
}
