import { PAGE_SIZES } from '@cbp/core';
import { DataTable, type DataTableProps, Pagination } from '@cbp/ui';
import { useNavigation } from 'react-router';

/** One page of a long list and where it is in the whole. */
export interface PageOf {
  pagina: number;
  porPagina: number;
  total: number;
}

/**
 * A staff table one page at a time, with the pages below. While the next page loads, the one
 * on screen stays and says it is busy, so the table does not jump.
 */
export function PagedTable<Row extends object>({
  page,
  onPage,
  onPageSize,
  ...table
}: Omit<DataTableProps<Row>, 'busy'> & {
  page: PageOf;
  onPage: (pagina: number) => void;
  onPageSize: (porPagina: number) => void;
}) {
  const navigation = useNavigation();
  return (
    <>
      <DataTable {...table} busy={navigation.state === 'loading'} />
      <Pagination
        page={page.pagina}
        pageSize={page.porPagina}
        total={page.total}
        onPageChange={onPage}
        pageSizes={PAGE_SIZES}
        onPageSizeChange={onPageSize}
      />
    </>
  );
}
