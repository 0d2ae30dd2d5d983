/**
 * What a screen shows instead of its record: loading, a failed load, or a record that does not
 * exist (or is outside the person's scope). One look on every screen.
 */
import { Callout, Intent, Spinner } from '@blueprintjs/core';
import type { JSX } from 'react';
import { CARGANDO } from './texts';
import './feedback.css';

export type FeedbackKind = 'loading' | 'error' | 'not-found';

export function Feedback({ kind, text }: { kind: FeedbackKind; text?: string }): JSX.Element {
  if (kind === 'loading')
    return (
      <div className="feedback-loading" role="status" aria-live="polite">
        <Spinner size={32} />
        <span>{text ?? CARGANDO}</span>
      </div>
    );
  return (
    <Callout intent={kind === 'error' ? Intent.DANGER : Intent.WARNING} icon={kind === 'error' ? 'error' : 'search'} role="alert">
      {text}
    </Callout>
  );
}
