export { ProgressBar, progressBarVariants, progressPercent } from './ProgressBar';
export type { ProgressBarProps } from './ProgressBar';
