import { MAIN_ID } from '../../lib/main-id';
import { AuthCard, type AuthCardProps } from '../auth/AuthCard';
import { GESTION_TEXT } from './strings';

/** The frame of the staff sign-in and activation pages: the area's name, the heading, one card. */
export function StaffAuthScreen({ title, intro, children }: AuthCardProps) {
  return (
    <main id={MAIN_ID} className="flex min-h-dvh flex-col items-center bg-muted px-4 py-8 sm:py-16">
      <div className="flex w-full max-w-md flex-col gap-6">
        <p className="text-xl font-bold">{GESTION_TEXT.brand}</p>
        <AuthCard title={title} intro={intro}>
          {children}
        </AuthCard>
      </div>
    </main>
  );
}
