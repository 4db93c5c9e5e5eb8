export { MenuButton, useMenuDisclosure } from './MenuButton';
export type { MenuButtonProps } from './MenuButton';
