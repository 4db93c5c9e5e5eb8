import { onDemandPart } from '../../lib/on-demand-part';
import type { PaymentStatusProps } from './PaymentStatus';
import { STATUS_LOADING, STATUS_UNREACHABLE } from './strings';

/**
 * The part of /app/honorarios for a chosen plan (PaymentStatus.tsx). A first visit shows the
 * plans and never downloads it; the route's loader preloads it when the payment state calls for
 * it, so it is usually there when the screen shows.
 */
export const paymentStatus = onDemandPart<PaymentStatusProps>({
  load: () => import('./PaymentStatus').then((module) => module.PaymentStatus),
  loading: STATUS_LOADING,
  unreachable: STATUS_UNREACHABLE,
});
