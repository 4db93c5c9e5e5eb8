import { normalizeSearchText, searchBanks, type Bank } from '@cbp/core';
import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import CheckDrawing from 'lucide/dist/esm/icons/check.mjs';
import ChevronDownDrawing from 'lucide/dist/esm/icons/chevron-down.mjs';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { icon } from '../../lib/icon';
import { useFieldControl } from '../Field';
import { inputVariants } from '../TextInput';

const Check = icon(CheckDrawing);
const ChevronDown = icon(ChevronDownDrawing);

/** The other name a typed query matched, when it matched that and not the bank's own name. */
function matchedAlias(bank: Bank, query: string): string | undefined {
  const words = normalizeSearchText(query).split(' ').filter(Boolean);
  if (words.length === 0) return undefined;
  const matches = (name: string) => {
    const normalized = normalizeSearchText(name);
    return words.every((word) => normalized.includes(word));
  };
  if (matches(bank.nombre)) return undefined;
  return bank.aliases.find(matches);
}

function bankName(bank: Bank | null): string {
  return bank?.nombre ?? '';
}

export interface BankPickerProps extends Omit<
  React.ComponentProps<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'children' | 'name'
> {
  /** The lenders to choose from (the app passes its list, e.g. @cbp/core's BANKS). */
  banks: readonly Bank[];
  /** The chosen bank's id, for a controlled picker; `null` for none. */
  value?: string | null;
  /** The bank chosen at first, for an uncontrolled picker. */
  defaultValue?: string | null;
  /** The text in the box at first, when it is not the chosen bank's name (typed before the picker loaded). */
  defaultInputValue?: string;
  /** Called with the chosen bank's id and entry, or `null` when the choice is cleared. */
  onValueChange?: (bankId: string | null, bank: Bank | null) => void;
  /** Submits the chosen bank's id under this name, through a hidden input. */
  name?: string;
  /** Accessible name of the list of suggestions. */
  listLabel?: string;
  toggleLabel?: string;
  noResultsText?: string;
  selectedText?: string;
}

/**
 * A searchable bank picker (WAI-ARIA APG combobox with a listbox popup, built on downshift's
 * useCombobox). Typing filters the list with @cbp/core's searchBanks, best match first, ignoring
 * case and accents and matching older names ("Bankia" finds CaixaBank). Inside a Field it takes the
 * field's id, description and state.
 */
export function BankPicker({
  banks,
  value,
  defaultValue = null,
  defaultInputValue,
  onValueChange,
  name,
  listLabel = 'Bancos',
  toggleLabel = 'Mostrar la lista de bancos',
  noResultsText = 'No se encontraron resultados',
  selectedText = 'Banco seleccionado',
  className,
  onBlur,
  onKeyDown,
  onClick,
  onInput,
  ...props
}: BankPickerProps) {
  const controlProps = useFieldControl(props);
  const controlled = value !== undefined;
  const [ownValue, setOwnValue] = React.useState<string | null>(defaultValue);
  const selectedId = controlled ? value : ownValue;
  const selectedBank = React.useMemo(
    () => banks.find((bank) => bank.id === selectedId) ?? null,
    [banks, selectedId],
  );
  // The text in the box belongs to downshift: a box whose value followed state set after
  // downshift's change callbacks (which run in an effect) lost keys typed faster than a render.
  // This copy only drives the list, a render behind at most.
  const [typed, setTyped] = React.useState(() => defaultInputValue ?? bankName(selectedBank));

  // With the chosen bank's name in the box, opening the list shows every bank, not only that one.
  const query = selectedBank && typed === selectedBank.nombre ? '' : typed;
  const items = React.useMemo(() => [...searchBanks(query, banks)], [query, banks]);

  const choose = (bank: Bank | null) => {
    if (!controlled) setOwnValue(bank?.id ?? null);
    onValueChange?.(bank?.id ?? null, bank);
  };

  const stateReducer = (
    state: UseComboboxState<Bank>,
    { type, changes }: UseComboboxStateChangeOptions<Bank>,
  ): Partial<UseComboboxState<Bank>> => {
    // A choice cleared from outside (editing the name undid it) leaves what the person typed;
    // a bank chosen from outside (a saved draft) shows its name.
    if (type === useCombobox.stateChangeTypes.ControlledPropUpdatedSelectedItem) {
      return changes.selectedItem ? changes : { ...changes, inputValue: state.inputValue };
    }
    if (type !== useCombobox.stateChangeTypes.InputChange) return changes;
    const text = changes.inputValue ?? '';
    const hasMatches = text.trim() !== '' && searchBanks(text, banks).length > 0;
    return {
      ...changes,
      // APG "list autocomplete with automatic selection": the first match is highlighted, so
      // Enter (or leaving the box) takes it.
      highlightedIndex: hasMatches ? 0 : -1,
      // Editing the chosen bank's name undoes the choice, so the form never keeps a bank
      // different from the text on screen.
      ...(state.selectedItem && text !== state.selectedItem.nombre ? { selectedItem: null } : {}),
    };
  };

  const {
    isOpen,
    highlightedIndex,
    getInputProps,
    getMenuProps,
    getItemProps,
    getToggleButtonProps,
  } = useCombobox<Bank>({
    items,
    itemToString: bankName,
    itemToKey: (bank) => bank?.id,
    selectedItem: selectedBank,
    initialInputValue: defaultInputValue ?? bankName(selectedBank),
    inputId: controlProps.id,
    stateReducer,
    onInputValueChange: ({ inputValue: next }) => {
      setTyped(next);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      choose(selectedItem);
    },
    getA11yStatusMessage: ({ isOpen: open }) => {
      if (!open) return '';
      if (items.length === 0) return noResultsText;
      return items.length === 1
        ? '1 resultado disponible.'
        : `${String(items.length)} resultados disponibles.`;
    },
  });

  const { disabled } = controlProps;
  const showList = isOpen && items.length > 0;
  const showNoResults = isOpen && items.length === 0;

  return (
    <div data-slot="bank-picker" className={cn('relative flex flex-col gap-2', className)}>
      <div data-slot="bank-picker-control" className="relative">
        <input
          data-slot="bank-picker-input"
          type="text"
          className={cn(inputVariants(), 'pe-12')}
          {...getInputProps({
            ...controlProps,
            // The Field's <label for> names the box; downshift would point at a label of its own.
            'aria-labelledby': props['aria-labelledby'],
            onBlur,
            onKeyDown,
            onClick,
            onInput,
          })}
        />
        <button
          data-slot="bank-picker-toggle"
          type="button"
          className={cn(
            'absolute inset-y-0 end-0 grid w-11 cursor-pointer place-items-center rounded-e-md text-muted-foreground',
            'disabled:cursor-not-allowed',
          )}
          {...getToggleButtonProps({ 'aria-label': toggleLabel, disabled })}
        >
          <ChevronDown
            aria-hidden="true"
            focusable="false"
            className={cn('size-5 transition-transform', isOpen && 'rotate-180')}
          />
        </button>
      </div>

      <div
        data-slot="bank-picker-popup"
        data-state={isOpen ? 'open' : 'closed'}
        className={cn(
          'absolute inset-x-0 top-12 z-50 overflow-hidden rounded-md border-2 border-input bg-surface text-surface-foreground shadow-lg',
          !isOpen && 'hidden',
        )}
      >
        <ul
          data-slot="bank-picker-list"
          className={cn('max-h-72 overflow-y-auto py-1', !showList && 'hidden')}
          {...getMenuProps({ 'aria-label': listLabel })}
        >
          {showList
            ? items.map((bank, index) => {
                const alias = matchedAlias(bank, query);
                const chosen = selectedBank?.id === bank.id;
                return (
                  <li
                    key={bank.id}
                    data-slot="bank-picker-option"
                    data-highlighted={highlightedIndex === index || undefined}
                    data-chosen={chosen || undefined}
                    className={cn(
                      'flex min-h-11 cursor-pointer items-center gap-2 px-3 py-2',
                      'aria-selected:bg-primary aria-selected:text-primary-foreground',
                    )}
                    {...getItemProps({ item: bank, index })}
                  >
                    <Check
                      aria-hidden="true"
                      focusable="false"
                      className={cn('size-4 shrink-0', !chosen && 'invisible')}
                    />
                    <span>
                      <span data-slot="bank-picker-option-name">{bank.nombre}</span>
                      {alias ? ` (${alias})` : null}
                    </span>
                  </li>
                );
              })
            : null}
        </ul>
        {showNoResults ? (
          <p data-slot="bank-picker-empty" className="px-3 py-2.5 text-muted-foreground">
            {noResultsText}
          </p>
        ) : null}
      </div>

      <p role="status" data-slot="bank-picker-selected">
        {selectedBank ? (
          <>
            {selectedText}: <strong className="font-semibold">{selectedBank.nombre}</strong>
          </>
        ) : null}
      </p>
      {name ? <input type="hidden" name={name} value={selectedBank?.id ?? ''} /> : null}
    </div>
  );
}
