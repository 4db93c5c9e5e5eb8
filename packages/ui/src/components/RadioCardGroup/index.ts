export {
  RadioCard,
  RadioCardGroup,
  radioCardGroupVariants,
  radioCardVariants,
} from './RadioCardGroup';
export type { RadioCardGroupProps, RadioCardProps } from './RadioCardGroup';
