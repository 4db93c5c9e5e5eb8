import { createRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';

import { Tabs, TabsContent, TabsList, TabsTrigger, type TabsProps } from './Tabs';

function Sections({
  disabled = [],
  ...props
}: Omit<TabsProps, 'children'> & { disabled?: readonly string[] }) {
  return (
    <Tabs {...props}>
      <TabsList aria-label="Secciones">
        {['Uno', 'Dos', 'Tres', 'Cuatro'].map((label) => (
          <TabsTrigger key={label} value={label.toLowerCase()} disabled={disabled.includes(label)}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {['uno', 'dos', 'tres', 'cuatro'].map((value) => (
        <TabsContent key={value} value={value}>
          Panel {value}
        </TabsContent>
      ))}
    </Tabs>
  );
}

describe('Tabs', () => {
  it('Home and End skip disabled tabs at the ends, and arrows wrap past them', async () => {
    const screen = await render(<Sections defaultValue="dos" disabled={['Uno', 'Cuatro']} />);
    const dos = screen.getByRole('tab', { name: 'Dos' });
    const tres = screen.getByRole('tab', { name: 'Tres' });
    await userEvent.click(dos);
    await userEvent.keyboard('{End}');
    await expect.element(tres).toHaveFocus();
    await expect.element(tres).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    await expect.element(dos).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(tres).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(dos).toHaveFocus();
    await expect
      .element(screen.getByRole('tabpanel', { name: 'Dos' }))
      .toHaveTextContent('Panel dos');
  });

  it('ignores ↑ ↓ and modified arrows, which belong to the page and the browser', async () => {
    const screen = await render(<Sections defaultValue="uno" />);
    const uno = screen.getByRole('tab', { name: 'Uno' });
    await userEvent.click(uno);
    for (const keys of ['{ArrowDown}', '{ArrowUp}', '{Shift>}{ArrowRight}{/Shift}']) {
      await userEvent.keyboard(keys);
      await expect.element(uno).toHaveFocus();
      await expect.element(uno).toHaveAttribute('aria-selected', 'true');
    }
  });

  it('without a selected tab, Tab still reaches the list at its first enabled tab', async () => {
    const screen = await render(<Sections disabled={['Uno']} />);
    await expect.element(screen.getByRole('tab', { name: 'Dos' })).toHaveAttribute('tabindex', '0');
    expect(screen.container.querySelectorAll('[role="tabpanel"]')).toHaveLength(0);
    await userEvent.tab();
    const dos = screen.getByRole('tab', { name: 'Dos' });
    await expect.element(dos).toHaveFocus();
    // Automatic activation: the tab that takes focus is selected.
    await expect.element(dos).toHaveAttribute('aria-selected', 'true');
    await expect.element(screen.getByRole('tabpanel', { name: 'Dos' })).toBeVisible();
  });

  it('controlled, shows what the owner chose and reports each change', async () => {
    const reported: string[] = [];
    function Owner() {
      const [value, setValue] = useState('uno');
      return (
        <>
          <Sections
            value={value}
            onValueChange={(next) => {
              reported.push(next);
              if (next !== 'tres') setValue(next);
            }}
          />
          <button
            type="button"
            onClick={() => {
              setValue('cuatro');
            }}
          >
            Siguiente
          </button>
        </>
      );
    }
    const screen = await render(<Owner />);
    await userEvent.click(screen.getByRole('tab', { name: 'Dos' }));
    await expect.element(screen.getByRole('tabpanel', { name: 'Dos' })).toBeVisible();
    // The owner refuses 'tres': the tab is reported but not selected.
    await userEvent.click(screen.getByRole('tab', { name: 'Tres' }));
    await expect
      .element(screen.getByRole('tab', { name: 'Tres' }))
      .toHaveAttribute('aria-selected', 'false');
    await expect.element(screen.getByRole('tabpanel', { name: 'Dos' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await expect
      .element(screen.getByRole('tab', { name: 'Cuatro' }))
      .toHaveAttribute('tabindex', '0');
    await expect.element(screen.getByRole('tabpanel', { name: 'Cuatro' })).toBeVisible();
    // A refused tab is reported again as it is clicked after taking focus, as with Radix.
    expect([...new Set(reported)]).toEqual(['dos', 'tres']);
  });

  it('gives tabs and panels valid ids from any value, wired to each other', async () => {
    const screen = await render(
      <Tabs defaultValue="a b/ç">
        <TabsList aria-label="Valores">
          <TabsTrigger value="a b/ç">Raro</TabsTrigger>
          <TabsTrigger value="a_20_b">Parecido</TabsTrigger>
        </TabsList>
        <TabsContent value="a b/ç">Contenido</TabsContent>
        <TabsContent value="a_20_b">Otro</TabsContent>
      </Tabs>,
    );
    const tab = screen.getByRole('tab', { name: 'Raro' }).element();
    const other = screen.getByRole('tab', { name: 'Parecido' }).element();
    const panel = screen.getByRole('tabpanel', { name: 'Raro' }).element();
    expect(tab.id).toMatch(/^[\w-]+$/);
    expect(panel.id).toMatch(/^[\w-]+$/);
    expect(other.id).not.toBe(tab.id);
    expect(tab.getAttribute('aria-controls')).toBe(panel.id);
    expect(document.querySelector(`#${tab.id}`)).toBe(tab);
  });

  it('gives its list ref to the caller, and arrows stay inside a nested Tabs', async () => {
    const list = createRef<HTMLDivElement>();
    function WithRef() {
      return (
        <Tabs defaultValue="fuera">
          <TabsList aria-label="Exterior" ref={list}>
            <TabsTrigger value="fuera">Fuera</TabsTrigger>
            <TabsTrigger value="otra">Otra</TabsTrigger>
          </TabsList>
          <TabsContent value="fuera">
            <Tabs defaultValue="a">
              <TabsList aria-label="Interior">
                <TabsTrigger value="a">A</TabsTrigger>
                <TabsTrigger value="b">B</TabsTrigger>
              </TabsList>
              <TabsContent value="a">Panel A</TabsContent>
              <TabsContent value="b">Panel B</TabsContent>
            </Tabs>
          </TabsContent>
        </Tabs>
      );
    }
    const screen = await render(<WithRef />);
    expect(list.current).toBe(screen.getByRole('tablist', { name: 'Exterior' }).element());
    // What the review wizard does to put focus back on the open tab.
    const active = screen
      .getByRole('tablist', { name: 'Exterior' })
      .element()
      .querySelector('[role="tab"][data-state="active"]');
    expect(active).toBe(screen.getByRole('tab', { name: 'Fuera' }).element());

    await userEvent.click(screen.getByRole('tab', { name: 'A' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(screen.getByRole('tab', { name: 'B' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(screen.getByRole('tab', { name: 'A' })).toHaveFocus();
    await expect
      .element(screen.getByRole('tab', { name: 'Fuera' }))
      .toHaveAttribute('aria-selected', 'true');
  });
});
