import axe from 'axe-core';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';

import { DataTable, type DataTableColumn, type DataTableSort } from './DataTable';
import { Pagination } from './Pagination';

interface Person {
  id: string;
  nombre: string;
  ciudad: string;
}

const people: Person[] = [
  { id: '1', nombre: 'Ana Martínez', ciudad: 'Zaragoza' },
  { id: '2', nombre: 'Luis Pérez', ciudad: 'Ávila' },
];

const columns: DataTableColumn<Person>[] = [
  { id: 'nombre', header: 'Nombre', cell: (row) => row.nombre, sortable: true, rowHeader: true },
  { id: 'ciudad', header: 'Ciudad', cell: (row) => row.ciudad },
];

function SortedTable({ onSort }: { onSort?: (sort: DataTableSort) => void }) {
  const [sort, setSort] = useState<DataTableSort | null>(null);
  return (
    <DataTable
      columns={columns}
      rows={people}
      getRowId={(row) => row.id}
      caption="Personas"
      emptyMessage="No hay nadie"
      sort={sort}
      onSortChange={(next) => {
        setSort(next);
        onSort?.(next);
      }}
    />
  );
}

async function axeViolations(): Promise<string[]> {
  const results = await axe.run(document.body, {
    runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
    rules: { region: { enabled: false } },
  });
  return results.violations.map((violation) => violation.id);
}

describe('DataTable', () => {
  it('shows the rows in a table named by its caption, inside a focusable region', async () => {
    const screen = await render(<SortedTable />);
    const region = screen.getByRole('region', { name: 'Personas' });
    await expect.element(region).toHaveAttribute('tabindex', '0');
    await expect.element(screen.getByRole('table', { name: 'Personas' })).toBeVisible();
    await expect.element(screen.getByRole('rowheader', { name: 'Luis Pérez' })).toBeVisible();
    await expect.element(screen.getByRole('cell', { name: 'Ávila' })).toBeVisible();
  });

  it('asks for the order with a button in the heading and marks it with aria-sort', async () => {
    const asked: DataTableSort[] = [];
    const screen = await render(<SortedTable onSort={(sort) => asked.push(sort)} />);
    const heading = screen.getByRole('columnheader', { name: /Nombre/ });
    await expect.element(heading).toHaveAttribute('aria-sort', 'none');
    await expect
      .element(screen.getByRole('columnheader', { name: 'Ciudad' }))
      .not.toHaveAttribute('aria-sort');

    const button = screen.getByRole('button', { name: /^Nombre/ });
    await userEvent.click(button);
    await expect.element(heading).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.keyboard('{Enter}');
    await expect.element(heading).toHaveAttribute('aria-sort', 'descending');
    expect(asked).toEqual([
      { key: 'nombre', direction: 'asc' },
      { key: 'nombre', direction: 'desc' },
    ]);
  });

  it('says so when there are no rows', async () => {
    const screen = await render(
      <DataTable
        columns={columns}
        rows={[]}
        getRowId={(row) => row.id}
        caption="Personas"
        emptyMessage="No hay nadie con esos filtros"
      />,
    );
    await expect
      .element(screen.getByRole('cell', { name: 'No hay nadie con esos filtros' }))
      .toBeVisible();
  });

  it.each([375, 1280])('passes axe at %i px wide', async (width) => {
    await page.viewport(width, 800);
    await render(
      <main>
        <SortedTable />
        <Pagination page={2} pageSize={10} total={65} onPageChange={() => undefined} />
      </main>,
    );
    expect(await axeViolations()).toEqual([]);
  });
});

describe('Pagination', () => {
  it('says where the rows are in es-ES numbers and moves page by page', async () => {
    const pages: number[] = [];
    const screen = await render(
      <Pagination
        page={2}
        pageSize={25}
        total={1530}
        onPageChange={(next) => pages.push(next)}
        pageSizes={[10, 25, 50]}
        onPageSizeChange={() => undefined}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Paginación' });
    await expect.element(nav).toBeVisible();
    expect(nav.element().textContent).toContain('Página 2 de 62');
    expect(nav.element().textContent).toContain('Filas 26 a 50 de 1.530');
    await expect
      .element(screen.getByRole('combobox', { name: 'Filas por página' }))
      .toHaveValue('25');
    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(pages).toEqual([1, 3]);
  });

  it('groups thousands the Spanish way and disables the ends', async () => {
    const screen = await render(
      <Pagination page={1} pageSize={10} total={123_456} onPageChange={() => undefined} />,
    );
    const nav = screen.getByRole('navigation');
    await expect.element(nav).toBeVisible();
    expect(nav.element().textContent).toContain('Página 1 de 12.346');
    await expect.element(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await expect.element(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled();
  });

  it('counts one empty page when there are no rows', async () => {
    const screen = await render(
      <Pagination page={1} pageSize={10} total={0} onPageChange={() => undefined} />,
    );
    const nav = screen.getByRole('navigation');
    await expect.element(nav).toBeVisible();
    expect(nav.element().textContent).toContain('Página 1 de 1');
    await expect.element(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });
});
