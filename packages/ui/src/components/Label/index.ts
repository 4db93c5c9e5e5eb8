export { Label } from './Label';
