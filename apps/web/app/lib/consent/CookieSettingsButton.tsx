import { Button } from '@cbp/ui';

import { useConsent } from './use-consent';

/** The button that reopens the cookie settings (legal notice, cookies policy). */
export function CookieSettingsButton() {
  const { openSettings } = useConsent();
  return (
    <div>
      <Button variant="outline" onClick={openSettings}>
        Configurar cookies
      </Button>
    </div>
  );
}
