/**
 * Steps 2 and 3 of the recipe 'Una pantalla REST nueva' (docs/architecture.md): a list screen that
 * is its texts and columns; `useList` and `ListShell` bring loading, empty, no match, the failed
 * load with its retry, the offline notice, the search and the selection in the URL.
 */
import { NonIdealState } from '@blueprintjs/core';
import type { JSX } from 'react';
import { matchesSearch, searchText } from '../../../../couch-design/helpers/search';
import { ExportCsvButton, ListCount, ListSearch, ListShell, useList, type Column, type CsvExport } from '../../components/list';
import { PageHeader } from '../../components/page';
import { tareasResource, type Tarea } from './resource';

export const TEXTOS = {
  titulo: 'Lista de Tareas',
  buscar: 'Buscar por título o responsable',
  vacio: 'Todavía no hay tareas.',
  sinResultados: 'Ninguna tarea coincide con la búsqueda.',
  errorCargar: 'No se pudieron cargar las tareas',
  tabla: 'Tareas',
  mostrando: (shown: number, total: number): string => `Mostrando ${shown} de ${total} tareas`,
  columnas: { titulo: 'Título', responsable: 'Responsable' },
};

const COLUMNS: Column<Tarea>[] = [
  { header: TEXTOS.columnas.titulo, failed: TEXTOS.errorCargar, cell: (t) => t.titulo },
  { header: TEXTOS.columnas.responsable, cell: (t) => t.responsable },
];

const CSV: CsvExport<Tarea> = {
  baseName: 'tareas',
  columns: [
    { header: TEXTOS.columnas.titulo, value: (t) => t.titulo },
    { header: TEXTOS.columnas.responsable, value: (t) => t.responsable },
  ],
};

/** The search rule; a real entity takes it from couch-design, where the gateway reads it too. */
const search = (all: Tarea[], q: string): Tarea[] => all.filter((t) => matchesSearch(() => searchText([t.titulo, t.responsable]), q));

const tareaId = (t: Tarea): string => t._id;

export default function TareasListPage(): JSX.Element {
  const list = useList(tareasResource, { search, rowKey: tareaId });
  return (
    <ListShell
      list={list}
      header={<PageHeader title={TEXTOS.titulo} actions={<ExportCsvButton list={list} csv={CSV} />} />}
      tools={
        <>
          <ListSearch value={list.q} onChange={list.setSearch} placeholder={TEXTOS.buscar} />
          <ListCount list={list} text={TEXTOS.mostrando} className="tareas-count" testId="tareas-count" />
        </>
      }
      loadError={TEXTOS.errorCargar}
      noMatch={TEXTOS.sinResultados}
      empty={<NonIdealState icon="list" title={TEXTOS.vacio} />}
      table={{ label: TEXTOS.tabla, columns: COLUMNS, rowTestId: 'tarea-row' }}
    />
  );
}
