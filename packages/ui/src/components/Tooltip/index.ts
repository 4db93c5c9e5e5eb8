export { HelpTip, helpTipTriggerVariants } from './HelpTip';
export type { HelpTipProps } from './HelpTip';
export { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './Tooltip';
