/** The Spanish warning shown on detail and edit while a record has conflicting revisions. */
import { Button, Callout, Intent } from '@blueprintjs/core';
import type { JSX } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { BTN_RESOLVER, CONFLICTO_AVISO } from './texts';

export function ConflictNotice({ id }: { id: string }): JSX.Element {
  const navigate = useNavigate();
  return (
    <Callout intent={Intent.WARNING} icon="git-merge" className="cap-callout cap-conflict" data-testid="conflict-notice" role="alert">
      <div className="cap-callout__body">
        <span>{CONFLICTO_AVISO}</span>
        <Button intent={Intent.WARNING} icon="git-merge" onClick={() => navigate(paths.captacionConflicto(id))}>
          {BTN_RESOLVER}
        </Button>
      </div>
    </Callout>
  );
}
