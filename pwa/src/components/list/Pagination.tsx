import { Button, ButtonGroup } from '@blueprintjs/core';
import type { JSX } from 'react';
import { pageNumbers } from './paging';
import { BTN_ANTERIOR, BTN_SIGUIENTE, pageLabel, PAGINACION } from './texts';
import './list.css';

/** Anterior, the numbered pages and Siguiente; nothing when there is a single page (spec 001 section 2.5). */
export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }): JSX.Element | null {
  if (pages <= 1) return null;
  return (
    <nav className="list-pagination" aria-label={PAGINACION}>
      <ButtonGroup size="large">
        <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {BTN_ANTERIOR}
        </Button>
        {pageNumbers(page, pages).map((p, i) =>
          p === '…' ? (
            <Button key={`gap-${i}`} disabled aria-hidden>
              …
            </Button>
          ) : (
            <Button
              key={p}
              active={p === page}
              intent={p === page ? 'primary' : 'none'}
              aria-current={p === page ? 'page' : undefined}
              aria-label={pageLabel(p)}
              onClick={() => onPage(p)}
            >
              {p}
            </Button>
          ),
        )}
        <Button disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {BTN_SIGUIENTE}
        </Button>
      </ButtonGroup>
    </nav>
  );
}
