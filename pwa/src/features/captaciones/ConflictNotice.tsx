/** The Spanish warning shown on detail and edit while a record has conflicting revisions. */
import { Button, Intent } from '@blueprintjs/core';
import type { JSX } from 'react';
import { useNavigate } from 'react-router-dom';
import { Banner } from '../../components/feedback';
import { paths } from '../../lib/paths';
import { BTN_RESOLVER, CONFLICTO_AVISO } from './texts';

export function ConflictNotice({ id }: { id: string }): JSX.Element {
  const navigate = useNavigate();
  return (
    <Banner
      intent={Intent.WARNING}
      icon="git-merge"
      role="alert"
      testId="conflict-notice"
      action={
        <Button intent={Intent.WARNING} icon="git-merge" onClick={() => navigate(paths.captacionConflicto(id))}>
          {BTN_RESOLVER}
        </Button>
      }
    >
      {CONFLICTO_AVISO}
    </Banner>
  );
}
