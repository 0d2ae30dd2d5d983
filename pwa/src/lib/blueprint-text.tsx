/**
 * Blueprint's `Text`, which its buttons, tags and menu items draw their label with, without its
 * cost on every mount. Blueprint's own keeps the label's text in state, set in a layout effect,
 * for a title it shows only when the label is truncated: every button's first draw is followed
 * by a second, synchronous one, inside React's commit, and every `ellipsize` label also measures
 * itself there, which forces the browser to lay the page out in the middle of React's work. On a
 * phone, the shell and the captaciones list spent most of their first commit on that.
 *
 * This one behaves the same for what is seen (the class that truncates, the title of a truncated
 * label) but measures only labels that may be truncated and changes state only when the title
 * does. The build puts it in Blueprint's place (pwa/build/blueprint-text.ts).
 */
import { createElement, forwardRef, useCallback, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';

const TEXT_OVERFLOW_ELLIPSIS = 'bp6-text-overflow-ellipsis';

export interface TextProps extends Omit<React.HTMLAttributes<HTMLElement>, 'title'> {
  children?: ReactNode;
  className?: string;
  ellipsize?: boolean;
  tagName?: keyof React.JSX.IntrinsicElements;
  title?: string;
}

function assign<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

export const Text = forwardRef<HTMLElement, TextProps>(function Text({ children, tagName = 'div', title, className, ellipsize = false, ...htmlProps }, forwardedRef) {
  const element = useRef<HTMLElement | null>(null);
  const [overflowTitle, setOverflowTitle] = useState<string | undefined>(undefined);
  const ref = useCallback(
    (node: HTMLElement | null) => {
      element.current = node;
      assign(forwardedRef, node);
    },
    [forwardedRef],
  );
  useLayoutEffect(() => {
    const node = element.current;
    if (!ellipsize || !node) return;
    // The same title again changes nothing: React draws nothing more.
    setOverflowTitle(node.scrollWidth > node.clientWidth ? (node.textContent ?? undefined) : undefined);
  }, [children, ellipsize]);
  const classes = [ellipsize ? TEXT_OVERFLOW_ELLIPSIS : '', className ?? ''].filter(Boolean).join(' ');
  return createElement(tagName, { ...htmlProps, className: classes || undefined, ref, title: title ?? (ellipsize ? overflowTitle : undefined) }, children);
});
Text.displayName = 'Blueprint6.Text';
