import * as React from 'react';

// The banner and its settings dialog (a native dialog, checkboxes) are not needed to read the
// page: loading them in their own chunk keeps them off the critical path. The prerendered HTML
// still contains the banner, and React hydrates it once the chunk arrives.
const CookieConsentBanner = React.lazy(() => import('./CookieConsentBanner'));

/** The site's cookie consent; the root renders it once. */
export function CookieConsent() {
  return (
    <React.Suspense fallback={null}>
      <CookieConsentBanner />
    </React.Suspense>
  );
}
