/**
 * The sync state in the top bar (docs/architecture.md section 5): a compact tag with an icon and the state,
 * a panel (sync-panel.tsx) with what is waiting, the last successful sync and 'Sincronizar
 * ahora' (on a phone, in a band at the bottom of the screen, within the thumb's reach: a band the page
 * keeps room for, never a chip floating over the rows' buttons), and the sign-out question
 * when changes are not on the server yet. It also drives the sync lifecycle from the session,
 * since the top bar is on screen exactly while someone is signed in.
 */
import { Alert, Intent, PopoverNext, Tag, type IconName } from '@blueprintjs/core';
import { useEffect, useId, useState, useSyncExternalStore, type JSX, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { whenIdle } from '../idle';
import { useSession } from '../session';
import { currentQuestion, registerQuestionHost, subscribeQuestion } from './confirm';
import { currentEngine, installSyncLifecycle, pauseSync, startSyncFor } from './controller';
import { RejectedChangesDialog } from './rejected-dialog';
import { syncStateText, useSyncState, type SyncStatus } from './state';
import { SyncPanel, usePhone, type SyncPanelProps } from './sync-panel';
import { lastSyncText, signOutQuestion, TEXT_SIGN_OUT_CANCEL, TEXT_SIGN_OUT_CONFIRM } from './texts';

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

/** A change the server refused waits for the person: never drawn in the colour of success. */
function refusedLook(state: SyncIndicatorViewProps['state']): { icon: IconName | undefined; intent: Intent } {
  const look = LOOK[state.status];
  return state.rejected > 0 && look.intent === Intent.SUCCESS ? { icon: 'warning-sign', intent: Intent.WARNING } : look;
}

/**
 * The sync starts at the first idle moment after the top bar appears (the screen's own reads
 * leave some), at the latest this long after. No fixed delay: started later than the screen's
 * reads, its first counts and requests can fall on the person's first search (bench/list.ts).
 */
const SYNC_START_MAX_WAIT_MS = 2_000;

function useSyncLifecycle(): void {
  const { status, user } = useSession();
  const userId = status === 'authenticated' ? (user?.id ?? null) : null;
  useEffect(() => installSyncLifecycle(), []);
  useEffect(() => {
    if (!userId) return;
    // Once the first screen is drawn and the page has a moment: the sync's start (its code, its
    // local counts, its requests) would otherwise compete with that screen on a phone.
    const cancel = whenIdle(() => startSyncFor({ id: userId }), { maxWaitMs: SYNC_START_MAX_WAIT_MS });
    // Unmounted without a sign-out (session expired): stop, keep the person's data.
    return () => {
      cancel();
      void pauseSync();
    };
  }, [userId]);
  // A new role or employee link changes the scope: check it now instead of within a minute.
  const role = user?.role;
  const empleado = user?.empleado_id;
  useEffect(() => {
    if (userId) currentEngine()?.resume();
  }, [userId, role, empleado]);
}

export interface SyncIndicatorViewProps extends SyncPanelProps {
  /** At the bottom of the screen, in its own band, the panel opening above it (phones). */
  phone?: boolean;
}

function openOnKey(e: KeyboardEvent<HTMLSpanElement>): void {
  if (e.key !== 'Enter' && e.key !== ' ') return;
  e.preventDefault();
  e.currentTarget.click();
}

export function SyncIndicatorView({ state, onSyncNow, onShowRejected, phone = false }: SyncIndicatorViewProps): JSX.Element | null {
  if (state.status === 'idle') return null;
  const look = refusedLook(state);
  return (
    <PopoverNext
      placement={phone ? 'top-end' : 'bottom-end'}
      className={phone ? 'app-sync--phone' : undefined}
      content={<SyncPanel state={state} onSyncNow={onSyncNow} onShowRejected={onShowRejected} />}
    >
      <Tag
        data-testid="sync-state"
        data-status={state.status}
        icon={look.icon}
        intent={look.intent}
        minimal={!phone}
        round
        // One line (shell.css) and a short state: no measuring of the text after each change (StatusTag).
        multiline
        large={phone}
        interactive
        role="button"
        tabIndex={0}
        aria-live="polite"
        title={lastSyncText(state.lastSyncedAt)}
        onKeyDown={openOnKey}
      >
        {syncStateText(state)}
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

/**
 * A sync refused with 401 may be a session ended with a wipe ('Borrar datos de este dispositivo',
 * 'Cerrar sesión en todos los dispositivos'): the session is asked at once, so a device in use
 * wipes at that contact rather than at its next reload or reconnection.
 */
function useRevocationCheck(status: SyncStatus): void {
  const { checkRevoked } = useSession();
  useEffect(() => {
    if (status === 'expired') void checkRevoked().catch((err: unknown) => console.error('No se pudo comprobar la sesión.', err));
  }, [status, checkRevoked]);
}

export function SyncIndicator(): JSX.Element {
  useSyncLifecycle();
  const state = useSyncState();
  useRevocationCheck(state.status);
  const [showRejected, setShowRejected] = useState(false);
  const phone = usePhone();
  const chip = <SyncIndicatorView state={state} phone={phone} onSyncNow={() => void currentEngine()?.syncNow()} onShowRejected={() => setShowRejected(true)} />;
  return (
    <>
      {/* On a phone the top of the screen is out of the thumb's reach: the chip has a band at the bottom. */}
      {phone ? createPortal(chip, document.body) : chip}
      <RejectedChangesDialog isOpen={showRejected} onClose={() => setShowRejected(false)} />
      <SignOutPendingAlert />
    </>
  );
}
