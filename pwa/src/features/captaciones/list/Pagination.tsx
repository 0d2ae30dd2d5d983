import { Button, ButtonGroup } from '@blueprintjs/core';
import type { JSX } from 'react';
import { BTN_ANTERIOR, BTN_SIGUIENTE } from '../texts';
import { pageNumbers } from './filter';

/** Anterior, the numbered pages and Siguiente; nothing when there is a single page (spec 2.5). */
export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }): JSX.Element | null {
  if (pages <= 1) return null;
  return (
    <nav className="cap-pagination" aria-label="Paginación">
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
              aria-label={`Página ${p}`}
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
