/** 'Mostrando N de M ...' above a list, once it is loaded; read aloud as the search narrows it. */
import type { JSX, ReactNode } from 'react';
import type { ListController } from './use-list';

export interface ListCountProps<T> {
  list: ListController<T>;
  text: (shown: number, total: number) => string;
  className: string;
  testId: string;
  as?: 'p' | 'span';
  /** Said after the count (a keyboard hint). */
  children?: ReactNode;
}

export function ListCount<T>({ list, text, className, testId, as: Tag = 'p', children }: ListCountProps<T>): JSX.Element {
  return (
    <Tag className={`${className} page-muted`} data-testid={testId} aria-live="polite">
      {list.state.status === 'ready' ? text(list.shown.length, list.all.length) : ''}
      {children}
    </Tag>
  );
}
