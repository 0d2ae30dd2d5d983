/** The validation banner of a refused save (spec 001 section 8), one list per section; a section's name opens its tab. */
import { Button, Callout, Intent } from '@blueprintjs/core';
import type { JSX } from 'react';
import { ERROR_SUMMARY_PREFIX } from '../../../../couch-design/helpers/form-errors';
import './form.css';

export interface SummarySection {
  /** The section's name; '' for a form without sections. */
  section: string;
  /** The tab holding its fields, or null when no tab shows them. */
  tab: number | null;
  messages: string[];
}

export function ErrorSummary({ sections, onOpenTab }: { sections: SummarySection[]; onOpenTab: (tab: number) => void }): JSX.Element {
  // No scrolling here: the form puts the focus on the first field in error (FormShell).
  return (
    <div className="form-summary">
      <Callout intent={Intent.DANGER} icon="error" data-testid="error-summary" role="alert">
        <p className="form-summary__prefix">{ERROR_SUMMARY_PREFIX}</p>
        {sections.map((s) => (
          <div key={s.section} className="form-summary__section">
            {s.section === '' ? null : s.tab === null ? (
              <strong>{s.section}</strong>
            ) : (
              <Button variant="minimal" size="small" className="form-summary__link" onClick={() => onOpenTab(s.tab as number)}>
                <strong>{s.section}</strong>
              </Button>
            )}
            <ul>
              {s.messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        ))}
      </Callout>
    </div>
  );
}
