import { SiteHeader } from '@cbp/ui';

import { MAIN_NAVIGATION, SIMULATOR_ACTION } from '../config/navigation';
import { SITE } from '../config/site';
import { usePageLink } from '../lib/page-context';
import { MAIN_ID } from '../lib/main-id';

/** The public site's header (spec 01, section 2), with the page it is on marked. */
export function PublicHeader({ currentHref }: { currentHref: string }) {
  return (
    <SiteHeader
      brand={SITE.name}
      links={MAIN_NAVIGATION}
      currentHref={currentHref}
      action={SIMULATOR_ACTION}
      accountLink={{ href: '/login', label: 'Acceso clientes' }}
      renderLink={usePageLink()}
      mainId={MAIN_ID}
    />
  );
}
