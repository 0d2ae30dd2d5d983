/** The frame of a screen: its title, the record's id when there is one, and the screen's buttons. */
import { Classes } from '@blueprintjs/core';
import type { JSX, ReactNode } from 'react';
import './page.css';

export function Page({ children }: { children: ReactNode }): JSX.Element {
  return <div className="app-page page">{children}</div>;
}

export interface PageHeaderProps {
  title: string;
  /** Shown as 'ID: …' beside the title (under it when the header has buttons). */
  recordId?: string;
  /** The buttons, at the end of the header. */
  actions?: ReactNode;
}

/** The screen's one h1 (in the size of a Blueprint H3: the shell's top bar is above it). */
function Title({ children }: { children: string }): JSX.Element {
  return <h1 className={`${Classes.HEADING} page-header__title`}>{children}</h1>;
}

export function PageHeader({ title, recordId, actions }: PageHeaderProps): JSX.Element {
  const id = recordId ? <span className="page-header__id">ID: {recordId}</span> : null;
  if (!actions)
    return (
      <header className="page-header">
        <Title>{title}</Title>
        {id}
      </header>
    );
  return (
    <header className="page-header page-header--spread">
      {id ? (
        <div>
          <Title>{title}</Title>
          {id}
        </div>
      ) : (
        <Title>{title}</Title>
      )}
      <div className="page-header__actions">{actions}</div>
    </header>
  );
}
