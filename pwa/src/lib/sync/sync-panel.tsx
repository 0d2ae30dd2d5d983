/**
 * What the sync state's panel says (issue 20 item 8): the state, what is waiting on this device
 * by kind (each database's records not yet on the server, changes the server refused), when the last sync
 * happened, what the person's data takes beside its budget (issue 34 item 3), and 'Sincronizar ahora' (after a failure: its reason, when it is retried, and 'Reintentar'). The top bar's chip
 * opens it; on a phone the chip sits in a band at the bottom of the screen and the panel opens above it, where the thumb reaches.
 */
import { Button, Intent } from '@blueprintjs/core';
import { useSyncExternalStore, type JSX } from 'react';
import { formatBytes, useStorageSpace } from '../storage-space';
import { syncStateText, type SyncState } from './state';
import {
  heldText,
  lastSyncText,
  rejectedButtonText,
  rejectedCountText,
  retryAtText,
  storageSpaceText,
  TEXT_NOTHING_WAITING,
  TEXT_RETRY,
  TEXT_SYNC_NOW,
  TEXT_WAITING,
  waitingText,
} from './texts';
import { databaseSpec } from '../db/databases';
import './sync-panel.css';

/** Phones: the width below which the chip leaves the top bar for a band at the bottom of the screen. */
export const PHONE_QUERY = '(max-width: 575px)';

/** One query list for the page: React reads it on every render of the chip, which made a new one each time. */
let phoneQuery: MediaQueryList | null | undefined;
function phoneList(): MediaQueryList | null {
  if (phoneQuery === undefined) phoneQuery = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null;
  return phoneQuery;
}

function subscribePhone(onChange: () => void): () => void {
  const list = phoneList();
  if (!list) return () => undefined;
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}
const isPhone = (): boolean => phoneList()?.matches ?? false;

export function usePhone(): boolean {
  return useSyncExternalStore(subscribePhone, isPhone, () => false);
}

export interface SyncPanelProps {
  state: SyncState;
  onSyncNow: () => void;
  /** 'Cambios rechazados (N)': opens the list of rejected changes. */
  onShowRejected?: () => void;
}

export function SyncPanel({ state, onSyncNow, onShowRejected }: SyncPanelProps): JSX.Element {
  const waiting = state.pending > 0 || state.rejected > 0;
  // Read again as photos go up or are added: they are what fills a tablet.
  const space = useStorageSpace(`${state.pending}|${state.pendingBytes}`);
  return (
    <div className="app-sync-panel" data-testid="sync-panel">
      <p className="app-sync-panel__state">{syncStateText(state)}</p>
      <p className="app-sync-panel__heading">{TEXT_WAITING}</p>
      {waiting ? (
        <ul className="app-sync-panel__waiting" data-testid="sync-waiting">
          {state.waiting.map(({ name, items, bytes }) => {
            if (items <= 0) return null;
            const spec = databaseSpec(name);
            return (
              <li key={name} data-testid={`sync-waiting-${name}`}>
                {waitingText(spec.names, items, spec.attachments ? formatBytes(bytes) : undefined)}
              </li>
            );
          })}
          {state.rejected > 0 ? <li data-testid="sync-waiting-rejected">{rejectedCountText(state.rejected)}</li> : null}
        </ul>
      ) : (
        <p data-testid="sync-waiting">{TEXT_NOTHING_WAITING}</p>
      )}
      <p data-testid="sync-last">{lastSyncText(state.lastSyncedAt)}</p>
      {state.holding ? (
        <p className="bp6-text-muted" data-testid="sync-held">
          {heldText(formatBytes(state.holding.bytes), formatBytes(state.holding.budget))}
        </p>
      ) : null}
      {space ? (
        <p className="bp6-text-muted" data-testid="sync-space">
          {storageSpaceText(formatBytes(space.used), formatBytes(space.free))}
        </p>
      ) : null}
      {state.detail ? (
        <p className="bp6-text-muted" data-testid="sync-detail">
          {state.detail}
        </p>
      ) : null}
      {state.status === 'error' && state.retryAt !== null ? <p data-testid="sync-retry">{retryAtText(state.retryAt)}</p> : null}
      <div className="app-sync-panel__actions">
        {state.rejected > 0 && onShowRejected ? (
          <Button icon="warning-sign" intent={Intent.WARNING} variant="outlined" text={rejectedButtonText(state.rejected)} data-testid="sync-rejected" onClick={onShowRejected} />
        ) : null}
        {/* After a failure the same full sync is offered as a retry, without waiting for the next one. */}
        <Button icon="refresh" intent={Intent.PRIMARY} text={state.status === 'error' ? TEXT_RETRY : TEXT_SYNC_NOW} data-testid="sync-now" loading={state.status === 'syncing'} onClick={onSyncNow} />
      </div>
    </div>
  );
}
