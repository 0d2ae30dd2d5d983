/**
 * What a screen shows instead of its record: loading, a failed load, a record that does not
 * exist (or is outside the person's scope), or a screen that needs the network while there is
 * none (`offline`, the data seam's NEEDS_NETWORK unless told). One look on every screen.
 */
import { Callout, Intent, Spinner } from '@blueprintjs/core';
import type { JSX } from 'react';
import { NEEDS_NETWORK } from '../../lib/data/hooks';
import { CARGANDO } from './texts';
import './feedback.css';

export type FeedbackKind = 'loading' | 'error' | 'not-found' | 'offline';

export function Feedback({ kind, text, testId }: { kind: FeedbackKind; text?: string; testId?: string }): JSX.Element {
  if (kind === 'loading')
    return (
      <div className="feedback-loading" role="status" aria-live="polite">
        <Spinner size={32} />
        <span>{text ?? CARGANDO}</span>
      </div>
    );
  if (kind === 'offline')
    return (
      <Callout intent={Intent.WARNING} icon="offline" role="status" data-testid={testId}>
        {text ?? NEEDS_NETWORK}
      </Callout>
    );
  return (
    <Callout intent={kind === 'error' ? Intent.DANGER : Intent.WARNING} icon={kind === 'error' ? 'error' : 'search'} role="alert">
      {text}
    </Callout>
  );
}
