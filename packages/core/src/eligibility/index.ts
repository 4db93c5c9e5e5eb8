export * from './evaluate';
export * from './circumstances';
