/** Under a payroll list that holds only the newest payslips: how many of how many, and how to reach the others. */
import type { JSX } from 'react';
import type { NominasPage } from '../data/rest';
import { recientes } from '../texts';

export function RecentNote({ page }: { page: NominasPage }): JSX.Element | null {
  if (page.totalRegistros <= page.nominas.length) return null;
  return (
    <p className="page-muted nominas-note" role="status">
      {recientes(page.nominas.length, page.totalRegistros)}
    </p>
  );
}
