/** The red banner of a list whose load failed, with the button that loads it again. */
import { Button, Intent } from '@blueprintjs/core';
import type { JSX } from 'react';
import { serverMessage } from '../../lib/data';
import { Banner } from '../feedback/Banner';

export interface LoadErrorBannerProps {
  error: unknown;
  /** The banner's text, given the server's reason when it gave one. */
  text: (said: string | undefined) => string;
  retry: () => void;
  retryText: string;
}

export function LoadErrorBanner({ error, text, retry, retryText }: LoadErrorBannerProps): JSX.Element {
  return (
    <Banner intent={Intent.DANGER} action={<Button onClick={retry}>{retryText}</Button>}>
      {text(serverMessage(error))}
    </Banner>
  );
}
