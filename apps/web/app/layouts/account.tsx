import { Outlet } from 'react-router';

import { CookieConsent } from '../lib/consent';
import { MAIN_ID } from '../lib/main-id';

/**
 * The frame of the sign-in and password pages: the page alone, without the site's header,
 * hero, band or footer (spec 01, section 2), so they do not download them either. The cookie
 * consent is the public site's, as on every public page.
 */
export default function AccountLayout() {
  return (
    <>
      <main id={MAIN_ID} className="flex-1">
        <Outlet />
      </main>
      <CookieConsent />
    </>
  );
}
