export { ToastProvider, toastDurations, toastVariants, useToast } from './Toast';
export type {
  ToastAction,
  ToastApi,
  ToastOptions,
  ToastProviderProps,
  ToastVariant,
} from './Toast';
