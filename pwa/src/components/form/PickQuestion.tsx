/**
 * A choice in a select that must be confirmed before it counts (issue 18 item 5: an employee
 * already linked to someone else). The select keeps its value until the person confirms; Cancelar
 * or Escape leave it as it was, and focus returns to the select.
 */
import { Alert, Intent } from '@blueprintjs/core';
import { useId, type JSX, type ReactNode } from 'react';
import { BTN_CANCELAR } from './texts';

export interface PickQuestionTexts {
  /** What happens if the choice is confirmed, naming whoever it affects. */
  question: ReactNode;
  confirm: string;
  cancel?: string;
}

export function PickQuestion({ texts, onConfirm, onCancel }: { texts: PickQuestionTexts | null; onConfirm: () => void; onCancel: () => void }): JSX.Element {
  const questionId = useId();
  return (
    <Alert
      aria-labelledby={questionId}
      isOpen={texts !== null}
      intent={Intent.WARNING}
      icon="warning-sign"
      confirmButtonText={texts?.confirm}
      cancelButtonText={texts?.cancel ?? BTN_CANCELAR}
      canEscapeKeyCancel
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <div id={questionId} data-testid="pick-question">
        {texts?.question}
      </div>
    </Alert>
  );
}
