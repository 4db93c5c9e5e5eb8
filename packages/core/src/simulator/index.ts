export * from './evaluate';
export * from './labels';
