import { BANKS } from '@cbp/core';
import { BankPicker, type BankPickerProps } from '@cbp/ui';
import * as React from 'react';

export interface LoadedBankPickerProps extends Omit<BankPickerProps, 'banks' | 'ref'> {
  /** Whether the stand-in box had focus when the picker replaced it. */
  hadFocus: React.RefObject<boolean>;
}

/** The picker with the whole bank list: a chunk of its own, loaded by LazyBankPicker. */
export function LoadedBankPicker({ hadFocus, ...props }: LoadedBankPickerProps) {
  const box = React.useRef<HTMLInputElement>(null);
  // Before paint, so keys pressed as the picker arrives land in its box, after what was typed.
  React.useLayoutEffect(() => {
    const input = box.current;
    if (!hadFocus.current || input === null) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, [hadFocus]);
  return <BankPicker {...props} ref={box} banks={BANKS} />;
}
