export * from './rules';
export * from './format';
export * from './simulator';
export * from './calculator';
export * from './banks';
export * from './documents';
export * from './schemas';
export * from './api';
