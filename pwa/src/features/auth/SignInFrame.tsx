import { Callout, Card, H1, type IconName } from '@blueprintjs/core';
import type { JSX, ReactNode } from 'react';
import { BrandMark } from '../../components/page';
import './sign-in.css';

/**
 * The frame of 'Iniciar sesión' and 'Desbloquear': the picture panel (with its caption on
 * sign-in), and the card with the brand and the screen's title over the form.
 */
export function SignInFrame({ title, caption, children }: { title: string; caption?: ReactNode; children: ReactNode }): JSX.Element {
  return (
    <div className="signin">
      {/* The caption is text of the page, not of the picture: the picture is cut to fill its panel, the caption wraps. */}
      <div className="signin__panel" aria-hidden>
        <img src="/signin-panel.svg" alt="" className="signin__image" />
        {caption && <p className="signin__caption">{caption}</p>}
      </div>
      <main className="signin__main">
        <Card elevation={2} className="signin__card">
          <BrandMark className="signin__brand" />
          <H1 className="signin__title">{title}</H1>
          {children}
        </Card>
      </main>
    </div>
  );
}

/** A warning or an error over the form, read out as it appears (or, `polite`, when the reader is free). */
export function SignInAlert(props: { intent: 'warning' | 'danger'; icon: IconName; text: ReactNode; polite?: boolean; testId?: string }): JSX.Element {
  const { intent, icon, text, polite = false, testId } = props;
  return (
    <Callout intent={intent} icon={icon} className="signin__error" role={polite ? 'status' : 'alert'} data-testid={testId}>
      {text}
    </Callout>
  );
}
