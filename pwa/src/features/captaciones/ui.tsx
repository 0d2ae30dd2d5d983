/** Small pieces shared by the captación screens. */
import { Button, Callout, Intent, Spinner, Tag } from '@blueprintjs/core';
import type { JSX, ReactNode } from 'react';
import type { StatusChip } from '../../../../couch-design/captacion';
import { ApiError } from '../../lib/api';
import { CARGANDO } from './texts';

/** A red (or green) banner with a close button (spec 2.3: 'A closable red error banner'). */
export function ClosableCallout(props: {
  intent: Intent;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  title?: string;
}): JSX.Element {
  const { intent, onClose, children, testId, title } = props;
  return (
    <Callout intent={intent} title={title} className="cap-callout" data-testid={testId} role={intent === Intent.DANGER ? 'alert' : 'status'}>
      <div className="cap-callout__body">
        <div className="cap-callout__text">{children}</div>
        <Button variant="minimal" icon="cross" aria-label="Cerrar aviso" onClick={onClose} />
      </div>
    </Callout>
  );
}

export function Loading({ text = CARGANDO }: { text?: string }): JSX.Element {
  return (
    <div className="cap-loading" role="status" aria-live="polite">
      <Spinner size={32} />
      <span>{text}</span>
    </div>
  );
}

const CHIP_INTENT: Record<StatusChip['color'], Intent> = {
  blue: Intent.PRIMARY,
  green: Intent.SUCCESS,
  red: Intent.DANGER,
  amber: Intent.WARNING,
  purple: Intent.NONE,
  grey: Intent.NONE,
};

/** Status chips with the colours of spec 001 section 4 (purple and amber have no Blueprint intent). */
export function StatusTag({ chip }: { chip: StatusChip }): JSX.Element {
  return (
    <Tag round intent={CHIP_INTENT[chip.color]} className={`cap-chip cap-chip--${chip.color}`} data-color={chip.color}>
      {chip.label}
    </Tag>
  );
}

interface WithErrors {
  errors?: Array<{ param?: unknown; msg?: unknown }>;
}

/**
 * The lines of the red banner (spec 001 section 8): a list of `{param, msg}` one per line as
 * 'param: msg'; else the server's Spanish message; else the fallback. Messages of the local
 * database are English and technical: they are logged, never shown.
 */
export function errorLines(err: unknown, fallback: string): string[] {
  const list = (err as WithErrors | null)?.errors;
  if (Array.isArray(list) && list.length > 0) {
    return list.map((e) => (typeof e.param === 'string' && e.param ? `${e.param}: ${String(e.msg ?? '')}` : String(e.msg ?? fallback)));
  }
  if (err instanceof ApiError && err.message) return [err.message];
  return [fallback];
}
