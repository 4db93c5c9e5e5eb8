import type { Route } from './+types/login';
import { LoginPage } from '../features/auth/LoginPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Acceso clientes',
    description:
      'Inicia sesión en tu zona de cliente para calcular tu nueva cuota, enviar tus documentos y seguir tu expediente.',
    path: '/login',
  });

export default function Login() {
  return <LoginPage />;
}
