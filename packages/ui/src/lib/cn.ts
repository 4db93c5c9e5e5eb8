import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. It merges nothing: each CSS property is set by one class, with what varies
 * in the components' cva variants (decision 0793), so a later class never has to win.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
