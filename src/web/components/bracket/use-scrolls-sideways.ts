import { useEffect, useState, type RefObject } from 'react';

/** Whether the element's content is wider than it: it scrolls sideways (true until measured, as on the server). */
export function useScrollsSideways(ref: RefObject<HTMLElement | null>, contentKey: unknown): boolean {
  const [scrolls, setScrolls] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, contentKey]);
  return scrolls;
}
