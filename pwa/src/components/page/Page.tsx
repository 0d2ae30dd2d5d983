/** The frame of a screen: its title, the record's id when there is one, and the screen's buttons. */
import { H3 } from '@blueprintjs/core';
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

export function PageHeader({ title, recordId, actions }: PageHeaderProps): JSX.Element {
  const id = recordId ? <span className="page-header__id">ID: {recordId}</span> : null;
  if (!actions)
    return (
      <header className="page-header">
        <H3>{title}</H3>
        {id}
      </header>
    );
  return (
    <header className="page-header page-header--spread">
      {id ? (
        <div>
          <H3>{title}</H3>
          {id}
        </div>
      ) : (
        <H3>{title}</H3>
      )}
      <div className="page-header__actions">{actions}</div>
    </header>
  );
}
