/**
 * The SVG path of a slice of a ring centred on 0,0, from angle `start` to `end` (radians, clockwise from
 * twelve o'clock). Written here rather than taken from d3-shape: its arcs come with the whole library's
 * 6 KB (gzipped) on the dashboard, the page whose weight counts most, for these few lines.
 */
export function ringSlice(inner: number, outer: number, start: number, end: number): string {
  // A whole ring is two half slices: one arc cannot start and end at the same point.
  if (end - start >= 2 * Math.PI - 1e-9) {
    const half = start + Math.PI;
    return `${ringSlice(inner, outer, start, half)} ${ringSlice(inner, outer, half, end)}`;
  }
  const point = (radius: number, angle: number) => `${radius * Math.sin(angle)},${-radius * Math.cos(angle)}`;
  const large = end - start > Math.PI ? 1 : 0;
  return (
    `M${point(outer, start)} A${outer},${outer} 0 ${large} 1 ${point(outer, end)} ` +
    `L${point(inner, end)} A${inner},${inner} 0 ${large} 0 ${point(inner, start)} Z`
  );
}
