/** 'Exportar CSV' of a list screen: the rows the search shows (spec 000 section 9), once they are loaded. */
import { Button } from '@blueprintjs/core';
import type { JSX } from 'react';
import { downloadCsv, type CsvExport } from './csv';
import { EXPORTAR_CSV } from './texts';
import type { ListController } from './use-list';

export function ExportCsvButton<T>({ list, csv }: { list: ListController<T>; csv: CsvExport<T> }): JSX.Element {
  return (
    <Button icon="export" size="large" onClick={() => downloadCsv(csv, list.shown, list.q.trim() !== '')} disabled={list.state.status !== 'ready' || list.shown.length === 0}>
      {EXPORTAR_CSV}
    </Button>
  );
}
