export * from './discapacidad';
export * from './sources';
export * from './table';
