import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of a box, kept as it resizes: a chart is drawn at the width it has, so its text keeps its
 * size instead of being scaled with the picture. 0 until the box is laid out.
 */
export function useBoxWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const box = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.round(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [box, width];
}
