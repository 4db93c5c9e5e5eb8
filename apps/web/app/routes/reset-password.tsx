import type { Route } from './+types/reset-password';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Tu contraseña',
    description: 'Crea o cambia la contraseña de tu zona de cliente con el enlace que te enviamos.',
    path: '/reset-password',
    noindex: true,
  });

export default function ResetPassword() {
  return <ResetPasswordPage />;
}
