export { HelpTip, helpTipTriggerVariants } from './HelpTip';
export type { HelpTipProps } from './HelpTip';
export {
  Tooltip,
  TooltipContent,
  tooltipContentVariants,
  TooltipProvider,
  TooltipTrigger,
} from './Tooltip';
export type { TooltipContentProps } from './Tooltip';
