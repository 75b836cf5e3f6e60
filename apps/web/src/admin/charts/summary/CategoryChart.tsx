import { Tooltip } from 'antd';
import { ChartFrame, type LegendItem, Swatch } from './ChartFrame.tsx';
import { countTicks } from './countAxis.ts';
import styles from './summaryChart.module.css';

export interface Series {
  name: string;
  color: string;
  /** One count per category, in the categories' order. */
  values: number[];
}

interface Props {
  /** `bars`: the series stacked in one column per category; `area`: each series a line over a shaded area. */
  kind: 'bars' | 'area';
  categories: string[];
  series: Series[];
  label: string;
  height?: number;
  /** A legend below the plot, for charts of more than one series. */
  legend?: boolean;
}

const axisLabelBand = 22;
const top = 8;
/** Room for the widest tick label at 12 px, and a gap before the plot. */
const tickLabelWidth = (ticks: number[]) => String(ticks.at(-1) ?? 0).length * 7 + 10;

/** Counts per category (days, most often) over a count axis from 0, each category's figures on hover. */
export function CategoryChart({ kind, categories, series, label, height = 200, legend = false }: Props) {
  const totals = categories.map((_, index) => series.reduce((sum, one) => sum + (one.values[index] ?? 0), 0));
  const largest = kind === 'bars' ? Math.max(0, ...totals) : Math.max(0, ...series.flatMap((one) => one.values));
  const ticks = countTicks(largest);
  const legendItems: LegendItem[] | undefined = legend ? series.map(({ name, color }) => ({ name, color })) : undefined;
  return (
    <ChartFrame label={label} height={height} legend={legendItems}>
      {(width) => {
        const left = tickLabelWidth(ticks);
        const bottom = height - axisLabelBand;
        const step = (width - left) / Math.max(categories.length, 1);
        const y = (value: number) => bottom - ((bottom - top) * value) / (ticks.at(-1) ?? 1);
        const middle = (index: number) => left + step * (index + 0.5);
        return (
          <>
            {ticks.map((tick) => (
              <g key={tick}>
                <line className={styles.gridLine} x1={left} x2={width} y1={y(tick)} y2={y(tick)} />
                <text className={styles.axisText} x={left - 8} y={y(tick)} textAnchor="end" dominantBaseline="central">
                  {tick}
                </text>
              </g>
            ))}
            {categories.map((category, index) => (
              <Tooltip
                key={category}
                title={
                  <>
                    <div>{category}</div>
                    {series.map((one) => (
                      <div key={one.name} className={styles.tipRow}>
                        <Swatch color={one.color} />
                        {`${one.name}: ${one.values[index] ?? 0}`}
                      </div>
                    ))}
                  </>
                }
              >
                <rect className={styles.column} x={left + step * index} y={top} width={step} height={bottom - top} />
              </Tooltip>
            ))}
            {categories.map((category, index) => (
              <text key={category} className={styles.axisText} x={middle(index)} y={height - 6} textAnchor="middle">
                {category}
              </text>
            ))}
            <g className={styles.mark}>
              {kind === 'bars' ? stackedBars(categories, series, step, middle, y) : areas(categories, series, middle, y, bottom)}
            </g>
          </>
        );
      }}
    </ChartFrame>
  );
}

function stackedBars(
  categories: string[],
  series: Series[],
  step: number,
  middle: (index: number) => number,
  y: (value: number) => number,
) {
  const barWidth = Math.min(step * 0.6, 32);
  const below = new Map<number, number>();
  return series.flatMap((one) =>
    one.values.map((value, index) => {
      const base = below.get(index) ?? 0;
      below.set(index, base + value);
      if (value === 0) return null;
      return (
        <rect
          key={`${one.name}-${categories[index]}`}
          x={middle(index) - barWidth / 2}
          y={y(base + value)}
          width={barWidth}
          height={y(base) - y(base + value)}
          fill={one.color}
        />
      );
    }),
  );
}

function areas(categories: string[], series: Series[], middle: (index: number) => number, y: (value: number) => number, bottom: number) {
  return series.map((one) => {
    const points = one.values.map((value, index) => `${middle(index)},${y(value)}`);
    const shade = `M${middle(0)},${bottom} L${points.join(' L')} L${middle(one.values.length - 1)},${bottom} Z`;
    return (
      <g key={one.name}>
        <path d={shade} fill={one.color} fillOpacity={0.15} />
        <polyline points={points.join(' ')} fill="none" stroke={one.color} strokeWidth={2} />
        {one.values.map((value, index) => (
          <circle key={categories[index]} cx={middle(index)} cy={y(value)} r={3} fill={one.color} />
        ))}
      </g>
    );
  });
}
