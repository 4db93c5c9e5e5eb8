import { cn, inputVariants, useFieldControl, type BankPickerProps } from '@cbp/ui';
import * as React from 'react';

// downshift and the list of banks load with the step that asks for the bank (decision 0795).
const LoadedBankPicker = React.lazy(() =>
  import('./bank-picker-loaded').then((module) => ({ default: module.LoadedBankPicker })),
);

export type LazyBankPickerProps = Omit<BankPickerProps, 'banks' | 'defaultInputValue' | 'ref'>;

/**
 * @cbp/ui's BankPicker with @cbp/core's bank list, both loaded when it is first shown. Until
 * then a plain text box stands in the same Field: what is typed there, and the focus, pass to
 * the picker when it arrives.
 */
export function LazyBankPicker(props: LazyBankPickerProps) {
  const [typed, setTyped] = React.useState<string | null>(null);
  const hadFocus = React.useRef(false);
  const { value, defaultValue, onValueChange, name } = props;
  const chosen = value === undefined ? defaultValue : value;

  return (
    <React.Suspense
      fallback={
        <StandIn
          text={typed ?? ''}
          onText={(text) => {
            setTyped(text);
            // Editing the box undoes a choice, as in the picker.
            if (chosen !== null && chosen !== undefined) onValueChange?.(null, null);
          }}
          hadFocus={hadFocus}
          name={name}
          chosen={chosen ?? null}
          disabled={props.disabled}
          className={props.className}
        />
      }
    >
      <LoadedBankPicker
        {...props}
        {...(typed === null ? {} : { defaultInputValue: typed })}
        hadFocus={hadFocus}
      />
    </React.Suspense>
  );
}

function StandIn({
  text,
  onText,
  hadFocus,
  name,
  chosen,
  disabled,
  className,
}: {
  text: string;
  onText: (text: string) => void;
  hadFocus: React.RefObject<boolean>;
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
        {...controlProps}
      />
      <p />
      {name ? <input type="hidden" name={name} value={chosen ?? ''} /> : null}
    </div>
  );
}
