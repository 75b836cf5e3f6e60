// Summary charts: a few figures drawn as plain SVG, with antd's tooltips. The dashboard, the first page
// after signing in, shows three of them, and ECharts (190 KB gzipped) would be more than half of that
// first load; the pages whose charts are live or explored (monitoring, workflow statistics) keep EChart.
import type { HTMLAttributes, ReactNode } from 'react';
import styles from './summaryChart.module.css';
import { useBoxWidth } from './useBoxWidth.ts';

export interface LegendItem {
  name: string;
  color: string;
  /** Shown after the name when the chart's marks do not carry their own figures (a donut's slices). */
  value?: number;
}

export function Swatch({ color }: { color: string }) {
  return <span className={styles.swatch} style={{ background: color }} />;
}

interface Props {
  /** What the chart shows, for screen readers (the picture itself is not read out). */
  label: string;
  height: number;
  legend?: LegendItem[];
  /** Attributes of the outer box, e.g. a test id and what the chart holds. */
  boxProps?: HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string | number | undefined>;
  /** Draws the chart's SVG content at the box's width, once it is known. */
  children: (width: number) => ReactNode;
}

/** The box of a summary chart: its label, an SVG as wide as the box, and its legend below it (never over it). */
export function ChartFrame({ label, height, legend, boxProps, children }: Props) {
  const [box, width] = useBoxWidth<HTMLDivElement>();
  return (
    <div role="img" aria-label={label} {...boxProps}>
      <div ref={box} style={{ height }}>
        {width > 0 && (
          <svg className={styles.plot} width={width} height={height} aria-hidden="true">
            {children(width)}
          </svg>
        )}
      </div>
      {legend && (
        <ul className={styles.legend}>
          {legend.map((item) => (
            <li key={item.name} className={styles.legendItem}>
              <Swatch color={item.color} />
              {item.name}
              {item.value !== undefined && <span className={styles.legendValue}>{item.value}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
