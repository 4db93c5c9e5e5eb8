export { DataTable, dataTableCellVariants } from './DataTable';
export type {
  DataTableColumn,
  DataTableProps,
  DataTableSort,
  DataTableSortDirection,
} from './DataTable';
export { pageCount, Pagination } from './Pagination';
export type { PaginationProps } from './Pagination';
