/**
 * What a form's save came to, under its buttons: the failure's lines in a red banner the person
 * may close, or the success in green. One look for every form that saves.
 */
import { Callout, Intent } from '@blueprintjs/core';
import type { JSX } from 'react';
import { Banner } from '../feedback/Banner';

export interface SaveOutcomeProps {
  /** The failure's lines (errorLines), or null. */
  failure: string[] | null;
  onCloseFailure(): void;
  success: string | null;
  testIds: { failure: string; success: string };
  successClassName?: string;
}

export function SaveOutcome({ failure, onCloseFailure, success, testIds, successClassName }: SaveOutcomeProps): JSX.Element {
  return (
    <>
      {failure ? (
        <Banner intent={Intent.DANGER} onClose={onCloseFailure} testId={testIds.failure}>
          {failure.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Banner>
      ) : null}
      {success ? (
        <Callout intent={Intent.SUCCESS} icon="tick-circle" role="status" data-testid={testIds.success} className={successClassName}>
          {success}
        </Callout>
      ) : null}
    </>
  );
}
