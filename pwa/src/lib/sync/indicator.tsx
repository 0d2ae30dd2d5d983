/**
 * The sync state in the top bar (DESIGN section 5): a compact tag with an icon and the state,
 * a popover with the last successful sync and 'Sincronizar ahora', and the sign-out question
 * when changes are not on the server yet. It also drives the sync lifecycle from the session,
 * since the top bar is on screen exactly while someone is signed in.
 */
import { Alert, Button, Intent, PopoverNext, Tag, type IconName } from '@blueprintjs/core';
import { useEffect, useId, useState, useSyncExternalStore, type JSX, type KeyboardEvent } from 'react';
import { useSession } from '../session';
import { currentQuestion, registerQuestionHost, subscribeQuestion } from './confirm';
import { currentEngine, installSyncLifecycle, pauseSync, startSyncFor } from './controller';
import { RejectedChangesDialog } from './rejected-dialog';
import { syncStateText, useSyncState, type SyncState, type SyncStatus } from './state';
import { lastSyncText, pendingText, rejectedButtonText, signOutQuestion, TEXT_SIGN_OUT_CANCEL, TEXT_SIGN_OUT_CONFIRM, TEXT_SYNC_NOW } from './texts';

/** Icons this file renders (for the app's static icon registry). */
export const SYNC_ICONS = ['offline', 'refresh', 'tick-circle', 'cloud-upload', 'error', 'lock', 'log-out', 'warning-sign', 'clipboard', 'trash'] as const satisfies readonly IconName[];

const LOOK: Record<SyncStatus, { icon: IconName | undefined; intent: Intent }> = {
  idle: { icon: undefined, intent: Intent.NONE },
  offline: { icon: 'offline', intent: Intent.NONE },
  syncing: { icon: 'refresh', intent: Intent.PRIMARY },
  'up-to-date': { icon: 'tick-circle', intent: Intent.SUCCESS },
  pending: { icon: 'cloud-upload', intent: Intent.WARNING },
  error: { icon: 'error', intent: Intent.DANGER },
  expired: { icon: 'lock', intent: Intent.WARNING },
};

function useSyncLifecycle(): void {
  const { status, user } = useSession();
  const userId = status === 'authenticated' ? (user?.id ?? null) : null;
  useEffect(() => installSyncLifecycle(), []);
  useEffect(() => {
    if (!userId) return;
    startSyncFor({ id: userId });
    // Unmounted without a sign-out (session expired): stop, keep the person's data.
    return () => void pauseSync();
  }, [userId]);
  // A new role or employee link changes the scope: check it now instead of within a minute.
  const role = user?.role;
  const empleado = user?.empleado_id;
  useEffect(() => {
    if (userId) currentEngine()?.resume();
  }, [userId, role, empleado]);
}

export interface SyncIndicatorViewProps {
  state: SyncState;
  onSyncNow: () => void;
  /** 'Cambios rechazados (N)': opens the list of rejected changes. */
  onShowRejected?: () => void;
}

function openOnKey(e: KeyboardEvent<HTMLSpanElement>): void {
  if (e.key !== 'Enter' && e.key !== ' ') return;
  e.preventDefault();
  e.currentTarget.click();
}

export function SyncIndicatorView({ state, onSyncNow, onShowRejected }: SyncIndicatorViewProps): JSX.Element | null {
  if (state.status === 'idle') return null;
  const text = syncStateText(state);
  const last = lastSyncText(state.lastSyncedAt);
  const look = LOOK[state.status];
  const panel = (
    <div className="app-sync-panel" data-testid="sync-panel" style={{ padding: 12, maxWidth: 300 }}>
      <p style={{ fontWeight: 600 }}>{text}</p>
      <p data-testid="sync-last">{last}</p>
      {state.pending > 0 && state.status !== 'pending' && state.status !== 'offline' && <p>{pendingText(state.pending)}</p>}
      {state.detail && <p className="bp6-text-muted">{state.detail}</p>}
      {state.rejected > 0 && onShowRejected && (
        <p>
          <Button icon="warning-sign" intent={Intent.WARNING} variant="outlined" text={rejectedButtonText(state.rejected)} data-testid="sync-rejected" onClick={onShowRejected} />
        </p>
      )}
      <Button
        icon="refresh"
        intent={Intent.PRIMARY}
        text={TEXT_SYNC_NOW}
        data-testid="sync-now"
        loading={state.status === 'syncing'}
        onClick={onSyncNow}
      />
    </div>
  );
  return (
    <PopoverNext placement="bottom-end" content={panel}>
      <Tag
        data-testid="sync-state"
        data-status={state.status}
        icon={look.icon}
        intent={look.intent}
        minimal
        round
        interactive
        role="button"
        tabIndex={0}
        aria-live="polite"
        title={last}
        onKeyDown={openOnKey}
      >
        {text}
      </Tag>
    </PopoverNext>
  );
}

/** 'Tiene N cambios sin sincronizar...' shown when the sign-out guard asks. */
export function SignOutPendingAlert(): JSX.Element {
  const question = useSyncExternalStore(subscribeQuestion, currentQuestion, currentQuestion);
  const questionId = useId();
  useEffect(() => registerQuestionHost(), []);
  return (
    <Alert
      aria-labelledby={questionId}
      isOpen={!!question}
      intent={Intent.DANGER}
      icon="log-out"
      confirmButtonText={TEXT_SIGN_OUT_CONFIRM}
      cancelButtonText={TEXT_SIGN_OUT_CANCEL}
      onConfirm={() => currentQuestion()?.answer(true)}
      onCancel={() => currentQuestion()?.answer(false)}
      canEscapeKeyCancel
    >
      <p id={questionId} data-testid="sync-signout-question">{question ? signOutQuestion(question.pending, question.rejected) : ''}</p>
    </Alert>
  );
}

export function SyncIndicator(): JSX.Element {
  useSyncLifecycle();
  const state = useSyncState();
  const [showRejected, setShowRejected] = useState(false);
  return (
    <>
      <SyncIndicatorView state={state} onSyncNow={() => void currentEngine()?.syncNow()} onShowRejected={() => setShowRejected(true)} />
      <RejectedChangesDialog isOpen={showRejected} onClose={() => setShowRejected(false)} />
      <SignOutPendingAlert />
    </>
  );
}
