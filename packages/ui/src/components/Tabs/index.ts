export { HolderTabs } from './HolderTabs';
export type { HolderTabsProps } from './HolderTabs';
export {
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  tabsListVariants,
  tabsTriggerVariants,
} from './Tabs';
export type { TabsContentProps, TabsProps, TabsTriggerProps } from './Tabs';
