export { Timeline, timelineMarkerVariants } from './Timeline';
export type { TimelineEntry, TimelineProps } from './Timeline';
