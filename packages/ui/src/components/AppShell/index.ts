export { AppShell } from './AppShell';
export type { AppShellItem, AppShellProps } from './AppShell';
