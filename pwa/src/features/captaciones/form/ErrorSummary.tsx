/** The client validation banner of spec 001 section 8, one list per section; a section name opens its tab. */
import { Button, Callout, Intent } from '@blueprintjs/core';
import { useEffect, useRef, type JSX } from 'react';
import { ERROR_SUMMARY_PREFIX, type ErrorSection } from '../../../../../couch-design/captacion';

export function ErrorSummary({ sections, onOpenTab }: { sections: ErrorSection[]; onOpenTab: (tab: number) => void }): JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  // Save is pressed at the bottom of a long form: bring the list of problems into view.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [sections]);
  return (
    <div ref={ref} className="cap-summary">
      <Callout intent={Intent.DANGER} icon="error" data-testid="error-summary" role="alert">
        <p className="cap-summary__prefix">{ERROR_SUMMARY_PREFIX}</p>
        {sections.map((s) => (
          <div key={s.section} className="cap-summary__section">
            {s.tab === null ? (
              <strong>{s.section}</strong>
            ) : (
              <Button variant="minimal" size="small" className="cap-summary__link" onClick={() => onOpenTab(s.tab as number)}>
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
