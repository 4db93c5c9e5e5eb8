export {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  cardVariants,
} from './Card';
export type { CardProps, CardTitleProps } from './Card';
