export * from './discapacidad';
export * from './sources';
export * from './table';
export * from './series';
export * from './seed';
