export * from './annuity';
export * from './calculate';
export * from './circumstances';
export * from './fields';
export * from './schema';
export * from './slider';
export * from './validate';
export * from './prefill';
