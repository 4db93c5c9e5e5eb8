export * from './codes';
export * from './evaluate';
export * from './circumstances';
export * from './circumstances-schema';
