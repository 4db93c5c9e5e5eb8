export { EuroInput } from './EuroInput';
export type { EuroInputProps } from './EuroInput';
