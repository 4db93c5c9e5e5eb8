export { Label, RequiredMark } from './Label';
