import * as React from 'react';

import { cn } from './cn';
import { composeRefs } from './compose-refs';

type AnyProps = Record<string, unknown>;

/** Marks, inside a `Slot`, the element that takes the slot's props; its siblings become its children. */
export function Slottable({ children }: { children: React.ReactNode }) {
  return <>{children}</>;
}

function isSlottable(
  node: React.ReactNode,
): node is React.ReactElement<{ children: React.ReactNode }> {
  return React.isValidElement(node) && node.type === Slottable;
}

/** The slot's props over the child's: handlers both run (the child's first), classes and styles join. */
function mergeProps(slotProps: AnyProps, childProps: AnyProps): AnyProps {
  const merged: AnyProps = { ...slotProps, ...childProps };
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[name];
    if (
      /^on[A-Z]/.test(name) &&
      typeof slotValue === 'function' &&
      typeof childValue === 'function'
    ) {
      const childHandler = childValue as (...args: unknown[]) => unknown;
      const slotHandler = slotValue as (...args: unknown[]) => unknown;
      merged[name] = (...args: unknown[]) => {
        const result = childHandler(...args);
        slotHandler(...args);
        return result;
      };
    } else if (name === 'className') {
      merged[name] = cn(slotValue as string | undefined, childProps[name] as string | undefined);
    } else if (name === 'style') {
      merged[name] = { ...(slotValue as object), ...(childProps[name] as object | undefined) };
    } else if (childValue === undefined) {
      merged[name] = slotValue;
    }
  }
  return merged;
}

export type SlotProps = React.HTMLAttributes<HTMLElement> & {
  children?: React.ReactNode;
  ref?: React.Ref<HTMLElement>;
};

/**
 * Renders its one child element with the slot's props merged in (`asChild`: a router link styled
 * as a button). With a `Slottable` among its children, that one is the element, and the others
 * are appended to its children (an icon after a link's text).
 */
export function Slot({ children, ref, ...slotProps }: SlotProps) {
  const nodes = React.Children.toArray(children);
  const slottable = nodes.find(isSlottable);
  const target = slottable === undefined ? children : slottable.props.children;
  if (!React.isValidElement<AnyProps & { ref?: React.Ref<HTMLElement> }>(target)) return null;
  const childProps = target.props;
  const props = {
    ...mergeProps(slotProps, childProps),
    ref: ref === undefined ? childProps.ref : composeRefs(ref, childProps.ref),
  };
  if (slottable === undefined) return React.cloneElement(target, props);
  const ownChildren = nodes.map((node) =>
    node === slottable ? (childProps.children as React.ReactNode) : node,
  );
  return React.cloneElement(target, props, ownChildren);
}
