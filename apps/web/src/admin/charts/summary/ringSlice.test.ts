import { describe, expect, it } from 'vitest';
import { ringSlice } from './ringSlice.ts';

const numbers = (path: string) => path.match(/-?\d+(\.\d+)?(e-?\d+)?/g)?.map(Number) ?? [];

describe('ringSlice', () => {
  it('draws a quarter from twelve to three o clock: out along the outer arc, back along the inner one', () => {
    const path = ringSlice(5, 10, 0, Math.PI / 2);
    expect(path.startsWith('M0,-10 A10,10 0 0 1 10,')).toBe(true);
    const [, , , , , , , endX, endY, innerX] = numbers(path);
    expect(endX).toBeCloseTo(10);
    expect(endY).toBeCloseTo(0);
    expect(innerX).toBeCloseTo(5);
    expect(path.endsWith('A5,5 0 0 0 0,-5 Z')).toBe(true);
  });

  it('marks a slice of more than half the ring as the large arc', () => {
    expect(ringSlice(5, 10, 0, 1.5 * Math.PI)).toContain('A10,10 0 1 1');
  });

  it('draws a whole ring as two halves, since one arc cannot end where it starts', () => {
    const path = ringSlice(5, 10, 0, 2 * Math.PI);
    expect(path.match(/M/g)).toHaveLength(2);
    expect(path.match(/Z/g)).toHaveLength(2);
  });
});
