import { Intent, Tag } from '@blueprintjs/core';
import type { JSX } from 'react';
import './feedback.css';

/** A status as a coloured chip: the label and one of the palette's colours. */
export interface StatusChip {
  label: string;
  color: 'blue' | 'green' | 'red' | 'amber' | 'purple' | 'grey';
}

const CHIP_INTENT: Record<StatusChip['color'], Intent> = {
  blue: Intent.PRIMARY,
  green: Intent.SUCCESS,
  red: Intent.DANGER,
  amber: Intent.WARNING,
  purple: Intent.NONE,
  grey: Intent.NONE,
};

/**
 * Purple, amber and grey have no Blueprint intent: the stylesheet paints them.
 *
 * `multiline`: the chip never wraps (`.feedback-chip`) and a status is a short word, so there is
 * nothing to truncate. Without it Blueprint measures the label after every render to title a
 * truncated one, which forces the browser to lay the page out in the middle of React's work:
 * ten rows of a list redrawn by a sync cost a phone one layout more per redraw.
 */
export function StatusTag({ chip }: { chip: StatusChip }): JSX.Element {
  return (
    <Tag round multiline intent={CHIP_INTENT[chip.color]} className={`feedback-chip feedback-chip--${chip.color}`} data-color={chip.color}>
      {chip.label}
    </Tag>
  );
}
