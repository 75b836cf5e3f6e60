import { Tooltip } from 'antd';
import { ChartFrame, type LegendItem } from './ChartFrame.tsx';
import { ringSlice } from './ringSlice.ts';
import styles from './summaryChart.module.css';

type Slice = Required<LegendItem>;

interface Props {
  slices: Slice[];
  label: string;
  height?: number;
}

/** A hair between neighbouring slices, in radians, so two of one colour family stay apart. */
const gap = 0.012;

/** The slices' angles in order, clockwise from twelve o'clock, each its share of `total`; empty ones left out. */
function layOut(slices: Slice[], total: number) {
  let start = 0;
  return slices.flatMap((slice) => {
    const end = start + (2 * Math.PI * slice.value) / (total || 1);
    const laid = { slice, start, end };
    start = end;
    return slice.value > 0 ? [laid] : [];
  });
}

/**
 * Parts of a whole as a ring, the total in its middle and each part's figure in the legend, so no label
 * crowds a thin slice. A whole of nothing shows the empty ring.
 */
export function DonutChart({ slices, label, height = 200 }: Props) {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const parts = layOut(slices, total);
  return (
    <ChartFrame label={label} height={height} legend={slices}>
      {(width) => {
        const outer = Math.min(width, height) / 2 - 4;
        const inner = outer * 0.62;
        const apart = parts.length > 1 ? gap / 2 : 0;
        return (
          <g transform={`translate(${width / 2},${height / 2})`}>
            <circle r={(outer + inner) / 2} strokeWidth={outer - inner} className={styles.emptyRing} />
            {parts.map(({ slice, start, end }) => (
              <Tooltip key={slice.name} title={`${slice.name}: ${slice.value}`}>
                <path d={ringSlice(inner, outer, start + apart, end - apart)} fill={slice.color} />
              </Tooltip>
            ))}
            <text className={styles.total} textAnchor="middle" dominantBaseline="central">
              {total}
            </text>
          </g>
        );
      }}
    </ChartFrame>
  );
}
