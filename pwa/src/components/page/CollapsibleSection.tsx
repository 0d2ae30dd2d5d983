/**
 * A section of a record's page that opens and closes under its heading. With `lazy` its content
 * is first mounted when the section is first opened and then kept (closing only hides it), so
 * what it loads is loaded once, when the person asks for it (spec 000 section 2: payroll "loads
 * when this section is first opened").
 */
import { Card, Icon } from '@blueprintjs/core';
import { useId, useState, type JSX, type ReactNode } from 'react';
import './page.css';

export interface CollapsibleSectionProps {
  title: string;
  defaultOpen?: boolean;
  lazy?: boolean;
  /** Shown at the end of the heading, outside the toggle (a button of the section). */
  actions?: ReactNode;
  testId?: string;
  children: ReactNode;
}

export function CollapsibleSection({ title, defaultOpen = true, lazy = false, actions, testId, children }: CollapsibleSectionProps): JSX.Element {
  const [open, setOpen] = useState(defaultOpen);
  const [opened, setOpened] = useState(defaultOpen);
  const bodyId = useId();
  const toggle = () => {
    setOpen(!open);
    setOpened(true);
  };
  return (
    <Card className="page-card page-section" data-testid={testId}>
      <div className="page-section__head">
        <h2 className="page-section__title">
          <button type="button" className="page-section__toggle" aria-expanded={open} aria-controls={bodyId} onClick={toggle}>
            <Icon icon={open ? 'chevron-up' : 'chevron-down'} aria-hidden />
            <span>{title}</span>
          </button>
        </h2>
        {actions ? <div className="page-section__actions">{actions}</div> : null}
      </div>
      <div id={bodyId} className="page-section__body" hidden={!open}>
        {!lazy || opened ? children : null}
      </div>
    </Card>
  );
}
