/**
 * What the sync state's panel says (issue 20 item 8): the state, what is waiting on this device
 * by kind (each database's records not yet on the server, changes the server refused), when the last sync
 * happened, and 'Sincronizar ahora'. The top bar's chip opens it; on a phone the chip sits at
 * the bottom of the screen and the panel opens above it, where the thumb reaches.
 */
import { Button, Intent } from '@blueprintjs/core';
import { useSyncExternalStore, type JSX } from 'react';
import { formatBytes, useStorageSpace } from '../storage-space';
import { syncStateText, type SyncState } from './state';
import {
  lastSyncText,
  rejectedButtonText,
  rejectedCountText,
  storageSpaceText,
  TEXT_NOTHING_WAITING,
  TEXT_SYNC_NOW,
  TEXT_WAITING,
  waitingText,
} from './texts';
import { databaseSpec } from '../db/databases';
import './sync-panel.css';

/** Phones: the width below which the chip leaves the top bar for the bottom of the screen. */
export const PHONE_QUERY = '(max-width: 575px)';

function subscribePhone(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}
const isPhone = (): boolean => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

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
      {space ? (
        <p className="bp6-text-muted" data-testid="sync-space">
          {storageSpaceText(formatBytes(space.used), formatBytes(space.free))}
        </p>
      ) : null}
      {state.detail ? <p className="bp6-text-muted">{state.detail}</p> : null}
      <div className="app-sync-panel__actions">
        {state.rejected > 0 && onShowRejected ? (
          <Button icon="warning-sign" intent={Intent.WARNING} variant="outlined" text={rejectedButtonText(state.rejected)} data-testid="sync-rejected" onClick={onShowRejected} />
        ) : null}
        <Button icon="refresh" intent={Intent.PRIMARY} text={TEXT_SYNC_NOW} data-testid="sync-now" loading={state.status === 'syncing'} onClick={onSyncNow} />
      </div>
    </div>
  );
}
