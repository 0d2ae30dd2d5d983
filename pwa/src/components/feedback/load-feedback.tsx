/**
 * What a screen shows while its data is not ready: loading, the network it needs, or why the load
 * failed (logged with the error for whoever looks at the console).
 */
import type { JSX } from 'react';
import type { Loadable } from '../../lib/data/hooks';
import { Feedback } from './Feedback';

export interface LoadFeedbackTexts {
  /** While loading (default 'Cargando...'). */
  loading?: string;
  /** The failed load's text, or how to read it from the error. */
  error: string | ((err: unknown) => string);
  /** What the console says with the error (none: the screen does not log it). */
  logAs?: string;
}

export function loadFeedback(state: Exclude<Loadable<unknown>, { status: 'ready' }>, texts: LoadFeedbackTexts): JSX.Element {
  if (state.status === 'loading') return <Feedback kind="loading" text={texts.loading} />;
  if (state.status === 'offline') return <Feedback kind="offline" />;
  if (texts.logAs) console.error(texts.logAs, state.error);
  return <Feedback kind="error" text={typeof texts.error === 'string' ? texts.error : texts.error(state.error)} />;
}
