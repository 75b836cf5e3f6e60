import { nice, ticks } from 'd3-array';

/**
 * The ticks of an axis of counts from 0: about four whole numbers, the last at or above the largest
 * value, so the tallest mark never leaves the plot and no axis reads "0.5 sign-ins".
 */
export function countTicks(largest: number): number[] {
  const [, top] = nice(0, Math.max(largest, 1), 4);
  return ticks(0, top, 4).filter(Number.isInteger);
}
