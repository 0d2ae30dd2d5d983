/**
 * Deleting the selected record of a list screen: the question first, the confirm button spinning
 * while the delete runs, then a closable notice saying it was deleted or why it was not.
 */
import { Alert, Intent } from '@blueprintjs/core';
import { useId, useState, type JSX, type ReactNode } from 'react';
import { Banner } from '../feedback';
import { CANCELAR, ELIMINAR } from './texts';

export interface ListNotice {
  intent: Intent;
  text: string;
}

export interface DeleteFlowOptions<R> {
  /** A text it resolves is the notice instead of `done` (the server's own words). */
  remove: (row: R) => Promise<void | string>;
  /** After a delete that worked, before the list loads again. */
  removed: (row: R) => void;
  /** The notice of a delete that worked. */
  done: string;
  /** The notice of a delete that failed. */
  failure: (err: unknown) => string;
  /** What the console says with a failed delete's error. */
  logAs: string;
}

export interface DeleteFlow<R> {
  confirming: R | null;
  deleting: boolean;
  notice: ListNotice | null;
  ask: (row: R) => void;
  cancel: () => void;
  confirm: () => void;
  dismissNotice: () => void;
}

export function useDeleteFlow<R>(opts: DeleteFlowOptions<R>): DeleteFlow<R> {
  const [confirming, setConfirming] = useState<R | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<ListNotice | null>(null);

  const remove = async () => {
    if (confirming === null) return;
    setDeleting(true);
    try {
      const said = await opts.remove(confirming);
      opts.removed(confirming);
      setNotice({ intent: Intent.SUCCESS, text: said || opts.done });
    } catch (err) {
      console.error(opts.logAs, err);
      setNotice({ intent: Intent.DANGER, text: opts.failure(err) });
    } finally {
      setDeleting(false);
      setConfirming(null);
    }
  };

  return {
    confirming,
    deleting,
    notice,
    ask: setConfirming,
    cancel: () => setConfirming(null),
    confirm: () => void remove(),
    dismissNotice: () => setNotice(null),
  };
}

export interface DeleteQuestionProps<R> {
  flow: DeleteFlow<R>;
  question: ReactNode;
  /** Which record, under the question (its name or e-mail). */
  detail: (row: R) => ReactNode;
  confirmText?: string;
  cancelText?: string;
}

export function DeleteQuestion<R>({ flow, question, detail, confirmText = ELIMINAR, cancelText = CANCELAR }: DeleteQuestionProps<R>): JSX.Element {
  const questionId = useId();
  return (
    <Alert
      aria-labelledby={questionId}
      isOpen={flow.confirming !== null}
      intent={Intent.DANGER}
      icon="trash"
      confirmButtonText={confirmText}
      cancelButtonText={cancelText}
      loading={flow.deleting}
      canEscapeKeyCancel
      onConfirm={flow.confirm}
      onCancel={flow.cancel}
    >
      <p id={questionId}>{question}</p>
      {flow.confirming !== null ? <p className="page-muted">{detail(flow.confirming)}</p> : null}
    </Alert>
  );
}

export function DeleteNotice<R>({ flow }: { flow: DeleteFlow<R> }): JSX.Element | null {
  if (!flow.notice) return null;
  return (
    <Banner intent={flow.notice.intent} onClose={flow.dismissNotice} testId="list-notice">
      {flow.notice.text}
    </Banner>
  );
}
