export { FileUploadRow, formatMegabytes, uploadProgressText } from './FileUploadRow';
export type { FileUploadRowProps } from './FileUploadRow';
