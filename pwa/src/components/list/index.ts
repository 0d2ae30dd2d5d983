export { csvCell, csvFileName, downloadCsv, toCsv, type CsvColumn, type CsvExport } from './csv';
export { DataTable, type Column, type DataTableProps, type RowAction, type RowDelete } from './DataTable';
export { ListContent, type ListContentProps } from './ListContent';
export { ListSearch } from './ListSearch';
export { paginate, pageNumbers, PAGE_SIZE, type Page } from './paging';
export { Pagination } from './Pagination';
export { readListState, useListUrlState, withPage, withSearch, writeListState, type ListUrl, type ListUrlState } from './url-state';
export { SelectTable, type SelectTableProps } from './SelectTable';
export { readSelection, SELECTION_PARAM, useUrlSelection, withSelection, type UrlSelection } from './url-selection';
