export { Gauge, gaugeVariants } from './Gauge';
export type { GaugeProps, GaugeUnit } from './Gauge';
