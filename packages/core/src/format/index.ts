export * from './date';
export * from './number';
export * from './parse';
export * from './iban';
