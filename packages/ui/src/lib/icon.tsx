import type { IconNode } from 'lucide';
import * as React from 'react';

export type IconProps = React.SVGProps<SVGSVGElement>;

/** One of the kit's icons, drawn as `<svg>`. */
export type Icon = (props: IconProps) => React.ReactElement;

/** A prop that gives the drawing a name or a role, so it is not hidden from assistive technology. */
const ACCESSIBLE_PROP = /^(?:aria-|role$|title$)/;

/**
 * One of Lucide's drawings (the `lucide` package, ISC licence) as a React component: 24 units
 * square, stroked with the text's colour. Lucide's React package draws each icon through a runtime
 * of its own, about 1,5 KB compressed on every page; the drawings are data, and this is all they
 * need. An icon without a name is hidden from assistive technology, as Lucide's are.
 *
 * A component makes the icons it shows next to its imports (`const Check = icon(CheckDrawing)`),
 * so each drawing is downloaded by the pages that show it.
 */
export function icon(node: IconNode): Icon {
  return function LucideDrawing({ children, ...props }: IconProps) {
    const named =
      children !== undefined || Object.keys(props).some((key) => ACCESSIBLE_PROP.test(key));
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden={named ? undefined : 'true'}
        {...props}
      >
        {node.map(([tag, attributes], index) =>
          React.createElement(tag, { key: index, ...attributes }),
        )}
        {children}
      </svg>
    );
  };
}
