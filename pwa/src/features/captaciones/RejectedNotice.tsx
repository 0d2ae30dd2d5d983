/**
 * The server refused a change of this record for good (validation, rights): the sync engine keeps
 * it on the device; here the person reads why, one reason per line.
 */
import { Intent } from '@blueprintjs/core';
import { useEffect, useState, type JSX } from 'react';
import { Banner } from '../../components/feedback';
import type { RejectedChange } from '../../lib/db';
import { rejectedChangesOf } from './data/resource';
import { RECHAZO_SERVIDOR } from './texts';

export function RejectedNotice({ id, rev }: { id: string; rev?: string }): JSX.Element | null {
  const [items, setItems] = useState<RejectedChange[]>([]);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    let live = true;
    void rejectedChangesOf(id).then((found) => {
      if (live) setItems(found);
    });
    return () => {
      live = false;
    };
  }, [id, rev]);
  if (closed || items.length === 0) return null;
  const lines = [...new Set(items.flatMap((i) => i.reason.split(/;\s*|\n/)).map((l) => l.trim()).filter(Boolean))];
  return (
    <Banner intent={Intent.DANGER} onClose={() => setClosed(true)} testId="rejected-notice" title={RECHAZO_SERVIDOR}>
      {lines.map((l) => (
        <div key={l}>{l}</div>
      ))}
    </Banner>
  );
}
