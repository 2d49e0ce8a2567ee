import { options, type VNode } from 'preact';

/**
 * React 19 hands a function component its `ref` as a prop (Input and Textarea pass it on to their
 * field, where react-hook-form reads the values); Preact keeps it for itself unless the component
 * is wrapped in forwardRef. In the islands' build (on Preact: vite.config.ts) components get it as under React.
 */
const previousHook = options.vnode;
options.vnode = (vnode: VNode<{ ref?: unknown }>) => {
  const { type } = vnode;
  if (typeof type === 'function' && !(type.prototype as { render?: unknown } | undefined)?.render && vnode.ref) {
    vnode.props.ref = vnode.ref;
    vnode.ref = null;
  }
  previousHook?.(vnode);
};
