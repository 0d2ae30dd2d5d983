/** How read-only screens show values (spec 001 section 2.6): '-' for empty, Sí/No, es-MX money and dates. */
import { Checkbox } from '@blueprintjs/core';
import { useState, type JSX, type ReactNode } from 'react';
import { formatDate, formatMoney } from '../../../../couch-design/format';
import { NO, SI, VACIO_VALOR } from './texts';
import './feedback.css';

export function orDash(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? v.toLocaleString('es-MX') : VACIO_VALOR;
  if (typeof v === 'string') return v.trim() === '' ? VACIO_VALOR : v.trim();
  return VACIO_VALOR;
}

export const siNo = (v: unknown): string => (v === true ? SI : NO);
export const money = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? formatMoney(v) : VACIO_VALOR);
export const date = (v: unknown): string => formatDate(v, VACIO_VALOR);
export const withUnit = (v: unknown, unit: string): string => (typeof v === 'number' && Number.isFinite(v) ? `${orDash(v)} ${unit}` : VACIO_VALOR);

export interface Fact {
  label: string;
  value: ReactNode;
  wide?: boolean;
}

/** A label/value grid that reads well on a tablet (two or three columns) and a phone (one). */
export function Facts({ items }: { items: Fact[] }): JSX.Element {
  return (
    <dl className="feedback-facts">
      {items.map((f) => (
        <div key={f.label} className={f.wide ? 'feedback-fact feedback-fact--wide' : 'feedback-fact'}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A read-only checkbox with its Sí/No spelled out for screen readers and printouts. */
export function ReadOnlyCheck({ label, checked }: { label: string; checked: unknown }): JSX.Element {
  return (
    <Checkbox
      className="feedback-readonly-check"
      checked={checked === true}
      readOnly
      disabled
      labelElement={
        <>
          {label} <span className="feedback-check-value">({siNo(checked)})</span>
        </>
      }
    />
  );
}

/** A person's picture, or the letters given in its place (also when the picture cannot be loaded). */
export function Avatar({ src, letters }: { src?: string; letters: string }): JSX.Element {
  const [broken, setBroken] = useState<string | null>(null);
  return src && broken !== src ? (
    <img className="feedback-avatar" src={src} alt="" onError={() => setBroken(src)} />
  ) : (
    <span className="feedback-avatar" aria-hidden>
      {letters}
    </span>
  );
}
