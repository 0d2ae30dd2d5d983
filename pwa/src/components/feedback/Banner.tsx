import { Button, Callout, Intent, type IconName } from '@blueprintjs/core';
import type { JSX, ReactNode } from 'react';
import { CERRAR_AVISO } from './texts';
import './feedback.css';

export interface BannerProps {
  intent: Intent;
  children: ReactNode;
  /** A close button (spec 001 section 2.3: 'A closable red error banner'). */
  onClose?: () => void;
  /** A button of its own at the end instead (e.g. 'Resolver conflicto'). */
  action?: ReactNode;
  icon?: IconName;
  title?: string;
  testId?: string;
  /** Red banners are alerts, the others status messages, unless said otherwise. */
  role?: 'alert' | 'status';
}

/** A message above a screen's content, with a close button or an action at its end. */
export function Banner({ intent, children, onClose, action, icon, title, testId, role }: BannerProps): JSX.Element {
  return (
    <Callout intent={intent} icon={icon} title={title} data-testid={testId} role={role ?? (intent === Intent.DANGER ? 'alert' : 'status')}>
      <div className="feedback-callout">
        <div className="feedback-callout__text">{children}</div>
        {action}
        {onClose ? <Button variant="minimal" icon="cross" aria-label={CERRAR_AVISO} onClick={onClose} /> : null}
      </div>
    </Callout>
  );
}
