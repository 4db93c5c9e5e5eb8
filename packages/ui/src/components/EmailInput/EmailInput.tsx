import { TextInput, type TextInputProps } from '../TextInput';

export type EmailInputProps = Omit<TextInputProps, 'type'>;

/**
 * An e-mail address box: the e-mail keyboard on phones, the browser's saved address, and no
 * autocorrection or capital letters, which would change the address.
 */
export function EmailInput({ autoComplete = 'email', ...props }: EmailInputProps) {
  return (
    <TextInput
      data-slot="email-input"
      type="email"
      autoComplete={autoComplete}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      {...props}
    />
  );
}
