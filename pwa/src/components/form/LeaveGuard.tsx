/**
 * Leaving a form with unsaved changes asks first (docs/architecture.md section 5): in-app navigation through
 * react-router's blocker and a Blueprint Alert, reloads and closed tabs through `beforeunload`.
 * Cancelar goes through the same question, worded as a discard.
 */
import { Alert, Intent } from '@blueprintjs/core';
import { useContext, useEffect, useId, type JSX } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { DESCARTAR_SI, SALIR_SI, SEGUIR_EDITANDO } from './texts';

export interface LeaveQuestions {
  /** Leaving by any other way: the changes stay as a draft. */
  leave: string;
  /** Leaving through Cancelar: the changes are dropped. */
  discard: string;
}

export interface LeaveGuardProps {
  when: boolean;
  questions: LeaveQuestions;
  /** True when the navigation being asked about is the Cancelar button. */
  isDiscard: () => boolean;
  /** Runs after the person confirmed, before leaving. */
  onConfirm: (discard: boolean) => Promise<void> | void;
  onStay: () => void;
}

function useBeforeUnloadPrompt(when: boolean): void {
  useEffect(() => {
    if (!when) return undefined;
    const handler = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older Chromium needs a returnValue for the prompt to show.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, [when]);
}

function BlockerAlert({ when, questions, isDiscard, onConfirm, onStay }: LeaveGuardProps): JSX.Element {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  const discard = blocker.state === 'blocked' && isDiscard();
  const questionId = useId();
  return (
    <Alert
      aria-labelledby={questionId}
      isOpen={blocker.state === 'blocked'}
      intent={discard ? Intent.DANGER : Intent.WARNING}
      icon="warning-sign"
      confirmButtonText={discard ? DESCARTAR_SI : SALIR_SI}
      cancelButtonText={SEGUIR_EDITANDO}
      canEscapeKeyCancel
      onConfirm={async () => {
        await onConfirm(discard);
        if (blocker.state === 'blocked') blocker.proceed();
      }}
      onCancel={() => {
        onStay();
        if (blocker.state === 'blocked') blocker.reset();
      }}
    >
      <p id={questionId}>{discard ? questions.discard : questions.leave}</p>
    </Alert>
  );
}

export function LeaveGuard(props: LeaveGuardProps): JSX.Element | null {
  useBeforeUnloadPrompt(props.when);
  // useBlocker needs a data router; the app has one, tests on a plain MemoryRouter do not.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <BlockerAlert {...props} /> : null;
}
