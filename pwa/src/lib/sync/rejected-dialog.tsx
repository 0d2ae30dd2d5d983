/**
 * 'Cambios rechazados' (issue 18 item 2): the changes the server refused for good, opened from the
 * top bar's sync state. Each one names the kind of record, the record, when it was refused and the
 * server's reason in Spanish, and shows what the person typed, read-only and selectable, with
 * 'Copiar' (to paste it into the record again, corrected) and 'Descartar'. The device already
 * holds the server's state of the record; this is the only copy of the refused text.
 */
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, Intent, TextArea } from '@blueprintjs/core';
import { useEffect, useId, useState, type JSX } from 'react';
import { formatDateTime } from '../../../../couch-design/format';
import { dismissRejectedChange, listRejectedChanges, onRejectedChanged, type RejectedChange } from '../db';
import { describeRejected, rejectedAsText } from './rejected-text';
import './rejected-dialog.css';
import {
  TEXT_REJECTED_CLOSE,
  TEXT_REJECTED_CONTENT,
  TEXT_REJECTED_COPIED,
  TEXT_REJECTED_COPY,
  TEXT_REJECTED_COPY_FAILED,
  TEXT_REJECTED_DISMISS,
  TEXT_REJECTED_EMPTY,
  TEXT_REJECTED_INTRO,
  TEXT_REJECTED_REASON,
  TEXT_REJECTED_TITLE,
  TEXT_REJECTED_WHEN,
} from './texts';

/** The rejected changes, newest first, following every change of the list. */
function useRejectedChanges(open: boolean): RejectedChange[] {
  const [items, setItems] = useState<RejectedChange[]>([]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    const load = () =>
      void listRejectedChanges().then(
        (found) => live && setItems([...found].sort((a, b) => b.at.localeCompare(a.at))),
        () => live && setItems([]),
      );
    load();
    const off = onRejectedChanged(load);
    return () => {
      live = false;
      off();
    };
  }, [open]);
  return items;
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function RejectedItem({ item }: { item: RejectedChange }): JSX.Element {
  const titleId = useId();
  const contentId = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  const { entity, name } = describeRejected(item);
  const text = rejectedAsText(item);
  return (
    <section className="app-rejected__item" aria-labelledby={titleId} data-testid="rejected-item" data-id={item.id}>
      <h3 id={titleId} className={Classes.HEADING}>
        {entity}: {name}
      </h3>
      <dl className="app-rejected__facts">
        <dt>{TEXT_REJECTED_WHEN}</dt>
        <dd>{formatDateTime(item.at)}</dd>
        <dt>{TEXT_REJECTED_REASON}</dt>
        <dd data-testid="rejected-reason">{item.reason}</dd>
      </dl>
      <label htmlFor={contentId} className={Classes.LABEL}>
        {TEXT_REJECTED_CONTENT}
      </label>
      <TextArea id={contentId} readOnly fill value={text} rows={Math.min(10, text.split('\n').length + 1)} data-testid="rejected-content" />
      <div className="app-rejected__actions">
        <Button
          icon="clipboard"
          text={copied ? TEXT_REJECTED_COPIED : TEXT_REJECTED_COPY}
          data-testid="rejected-copy"
          onClick={() => void copy(text).then(setCopied)}
        />
        <Button icon="trash" intent={Intent.DANGER} variant="outlined" text={TEXT_REJECTED_DISMISS} data-testid="rejected-dismiss" onClick={() => void dismissRejectedChange(item.id, item.rev)} />
      </div>
      {copied === false && (
        <p role="alert" className={Classes.TEXT_MUTED}>
          {TEXT_REJECTED_COPY_FAILED}
        </p>
      )}
    </section>
  );
}

export function RejectedChangesDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }): JSX.Element {
  const items = useRejectedChanges(isOpen);
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={TEXT_REJECTED_TITLE} icon="warning-sign" className="app-rejected" data-testid="rejected-dialog">
      <DialogBody>
        <Callout intent={Intent.WARNING}>{TEXT_REJECTED_INTRO}</Callout>
        {items.length === 0 ? <p data-testid="rejected-empty">{TEXT_REJECTED_EMPTY}</p> : items.map((item) => <RejectedItem key={`${item.id}@${item.rev}`} item={item} />)}
      </DialogBody>
      <DialogFooter actions={<Button text={TEXT_REJECTED_CLOSE} onClick={onClose} />} />
    </Dialog>
  );
}
