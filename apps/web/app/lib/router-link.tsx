import { renderAnchor, type RenderLink } from '@cbp/ui';
import { Link } from 'react-router';

import { isIslandPage } from '../config/public-routes';
import { normalizePath } from './current-path';

/**
 * Hands the design system's links to React Router, so they navigate without a page load. Links
 * to the reading pages load them as documents: they are served without the router (lib/islands).
 */
export const routerLink: RenderLink = ({ href, ...props }) =>
  isIslandPage(normalizePath(href.split(/[?#]/)[0] ?? href)) ? (
    renderAnchor({ href, ...props })
  ) : (
    <Link to={href} prefetch="intent" {...props} />
  );
