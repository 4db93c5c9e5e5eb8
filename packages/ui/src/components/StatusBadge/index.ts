export {
  STATUS_BADGE_STATUSES,
  StatusBadge,
  normalizeStatusBadgeStatus,
  statusBadgeVariants,
} from './StatusBadge';
export type { StatusBadgeProps, StatusBadgeStatus } from './StatusBadge';
