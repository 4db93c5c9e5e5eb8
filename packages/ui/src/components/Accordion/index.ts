export {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
  accordionItemVariants,
  accordionVariants,
} from './Accordion';
export type { AccordionProps, AccordionTriggerProps } from './Accordion';
