import type * as React from 'react';

/** One ref callback that sets every ref given, for an element both a part and its caller need. */
export function composeRefs<T>(
  ...refs: readonly (React.Ref<T> | undefined)[]
): React.RefCallback<T> {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref !== null && ref !== undefined) ref.current = node;
    }
  };
}
