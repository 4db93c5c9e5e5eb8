import { cn, inputVariants, useFieldControl, type BankPickerProps } from '@cbp/ui';
import * as React from 'react';

import type * as BankPickerLoaded from './bank-picker-loaded';

type LoadedModule = typeof BankPickerLoaded;

// downshift and the list of banks load when a person goes to answer the question, or when there
// is an answer to show (decisions 0795 and 0839). Kept here once loaded, so the picker replaces
// the stand-in in the same render and the focus never falls in between.
let loaded: LoadedModule | null = null;
let loading: Promise<LoadedModule> | null = null;

function loadPicker(): Promise<LoadedModule> {
  loading ??= import('./bank-picker-loaded').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // The stand-in stays and asks again on the next focus or key.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Shown under the box when the picker could not be downloaded; the next focus or key asks again. */
export const BANK_PICKER_UNREACHABLE =
  'No hemos podido cargar la lista de bancos. Comprueba tu conexión y vuelve a escribir en la casilla para intentarlo de nuevo.';

export type LazyBankPickerProps = Omit<BankPickerProps, 'banks' | 'defaultInputValue' | 'ref'>;

/**
 * @cbp/ui's BankPicker with @cbp/core's bank list, both loaded when the person first focuses or
 * types in the box, or at once when a bank is already chosen (its name comes from the list).
 * Until then a plain text box stands in the same Field: what is typed there, and the focus, pass
 * to the picker when it arrives.
 */
export function LazyBankPicker(props: LazyBankPickerProps) {
  const [typed, setTyped] = React.useState<string | null>(null);
  const [picker, setPicker] = React.useState<LoadedModule | null>(loaded);
  const [failed, setFailed] = React.useState(false);
  const hadFocus = React.useRef(false);
  const { value, defaultValue, onValueChange, name } = props;
  const chosen = value === undefined ? defaultValue : value;
  const hasChoice = chosen !== null && chosen !== undefined;

  const request = React.useCallback(() => {
    loadPicker().then(setPicker, () => {
      setFailed(true);
    });
  }, []);

  React.useEffect(() => {
    if (hasChoice) request();
  }, [hasChoice, request]);

  if (picker !== null) {
    return (
      <picker.LoadedBankPicker
        {...props}
        {...(typed === null ? {} : { defaultInputValue: typed })}
        hadFocus={hadFocus}
      />
    );
  }
  return (
    <StandIn
      text={typed ?? ''}
      onText={(text) => {
        setTyped(text);
        // Editing the box undoes a choice, as in the picker.
        if (hasChoice) onValueChange?.(null, null);
        request();
      }}
      onFocus={request}
      hadFocus={hadFocus}
      failure={failed ? BANK_PICKER_UNREACHABLE : null}
      name={name}
      chosen={chosen ?? null}
      disabled={props.disabled}
      className={props.className}
    />
  );
}

function StandIn({
  text,
  onText,
  onFocus,
  hadFocus,
  failure,
  name,
  chosen,
  disabled,
  className,
}: {
  text: string;
  onText: (text: string) => void;
  onFocus: () => void;
  hadFocus: React.RefObject<boolean>;
  failure: string | null;
  name: string | undefined;
  chosen: string | null;
  disabled: boolean | undefined;
  className: string | undefined;
}) {
  const box = React.useRef<HTMLInputElement>(null);
  // Runs before the box leaves the page, while it can still hold the focus.
  React.useLayoutEffect(
    () => () => {
      hadFocus.current = box.current !== null && document.activeElement === box.current;
    },
    [hadFocus],
  );
  const controlProps = useFieldControl({ disabled });
  return (
    <div data-slot="bank-picker" className={cn('relative flex flex-col gap-2', className)}>
      <input
        ref={box}
        type="text"
        autoComplete="off"
        className={cn(inputVariants(), 'pe-12')}
        value={text}
        onChange={(event) => {
          onText(event.currentTarget.value);
        }}
        onFocus={onFocus}
        {...controlProps}
      />
      {failure === null ? (
        <p />
      ) : (
        <p role="alert" className="text-danger-strong">
          {failure}
        </p>
      )}
      {name ? <input type="hidden" name={name} value={chosen ?? ''} /> : null}
    </div>
  );
}
