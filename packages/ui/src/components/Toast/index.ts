export { ToastProvider, useToast } from './Toast';
export type {
  ToastAction,
  ToastApi,
  ToastOptions,
  ToastDurations,
  ToastProviderProps,
  ToastVariant,
} from './Toast';
