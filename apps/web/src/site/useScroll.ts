import { useEffect, useState } from 'react';

export interface ScrollState {
  y: number;
  /** The direction of the last scroll; 'none' before the first. */
  direction: 'up' | 'down' | 'none';
}

/** The window's scroll offset and direction, read at most once a frame. */
export function useScroll(): ScrollState {
  const [state, setState] = useState<ScrollState>(() => ({ y: typeof window === 'undefined' ? 0 : window.scrollY, direction: 'none' }));
  useEffect(() => {
    let frame = 0;
    let last = window.scrollY;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const y = window.scrollY;
        setState({ y, direction: y > last ? 'down' : y < last ? 'up' : 'none' });
        last = y;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return state;
}
