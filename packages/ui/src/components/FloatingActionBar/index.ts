export { FloatingActionBar } from './FloatingActionBar';
export type { FloatingActionBarProps } from './FloatingActionBar';
