import { TextInput, type TextInputProps } from '../TextInput';

export type PhoneInputProps = Omit<TextInputProps, 'type'>;

/**
 * A phone number box: the phone keypad (`type="tel"`, `inputMode="tel"`) and the browser's saved
 * number. It accepts what people type (spaces, dots, "+34"); the form's schema normalises it.
 */
export function PhoneInput({ autoComplete = 'tel', inputMode = 'tel', ...props }: PhoneInputProps) {
  return (
    <TextInput
      data-slot="phone-input"
      type="tel"
      autoComplete={autoComplete}
      inputMode={inputMode}
      {...props}
    />
  );
}
