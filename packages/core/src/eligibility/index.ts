export * from './codes';
export * from './evaluate';
export * from './circumstance-texts';
export * from './circumstances';
export * from './circumstances-schema';
