import { options, type VNode } from 'preact';

/**
 * The app runs on Preact through `preact/compat` (docs/decisions/0520). `@lit/react`, which
 * Ionic's component wrappers are built on, marks every element `suppressHydrationWarning` for
 * React's server rendering; React drops that prop, Preact would write it out as an attribute on
 * each Ionic element. Imported first by the app's entry, before anything renders.
 */
const previousVnodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as Record<string, unknown> | null;
  if (typeof vnode.type === 'string' && props && 'suppressHydrationWarning' in props) delete props.suppressHydrationWarning;
  previousVnodeHook?.(vnode);
};
