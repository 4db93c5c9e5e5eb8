export * from './evaluate';
export * from './labels';
export * from './messages';
