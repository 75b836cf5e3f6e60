import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { type HTMLAttributes, useEffect, useRef } from 'react';
import { separateLegend } from './chartLayout.ts';

/** What ECharts hands an event handler: the series or legend entry that was clicked, among others. */
export interface ChartEvent {
  componentType?: string;
  seriesName?: string;
  name?: string;
}

interface Props {
  option: EChartsCoreOption;
  /** What the chart shows, for screen readers (the picture itself is not read out). */
  label: string;
  height?: number;
  /** Handlers by ECharts event name (`click`, `legendselectchanged`); the names are read once, when the chart is made. */
  onEvents?: Record<string, (event: ChartEvent) => void>;
  /** Attributes of the outer box, e.g. a test id and what the chart holds. */
  boxProps?: HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string | number | undefined>;
}

const withDefaults = (option: EChartsCoreOption): EChartsCoreOption => separateLegend({ animationDuration: 300, ...option });

/**
 * An ECharts chart drawn as SVG, resized with its box. ECharts loads in its own chunk when the first
 * chart appears, so pages without charts never fetch it. Memoise `option`: a new one is drawn into the
 * same chart (series replaced, the legend's choices kept), so a chart fed every second does not flicker.
 */
export function EChart({ option, label, height = 220, onEvents, boxProps }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latest = useRef({ option, onEvents });
  latest.current = { option, onEvents };

  useEffect(() => {
    let disposed = false;
    let stop = () => {};
    void import('./echartsSetup.ts').then(({ echarts }) => {
      const element = box.current;
      if (disposed || !element) return;
      const instance = echarts.init(element, undefined, { renderer: 'svg' });
      instance.setOption(withDefaults(latest.current.option));
      // Handlers go through the latest props, so a page's new callback needs no new registration.
      for (const name of Object.keys(latest.current.onEvents ?? {})) {
        instance.on(name, (event) => latest.current.onEvents?.[name]?.(event as ChartEvent));
      }
      const observer = new ResizeObserver(() => instance.resize());
      observer.observe(element);
      chart.current = instance;
      stop = () => {
        observer.disconnect();
        instance.dispose();
      };
    });
    return () => {
      disposed = true;
      chart.current = null;
      stop();
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(withDefaults(option), { replaceMerge: ['series'] });
  }, [option]);

  // ECharts owns the inner box's attributes; the label sits on one it does not touch.
  return (
    <div role="img" aria-label={label} {...boxProps}>
      <div ref={box} style={{ height, width: '100%' }} />
    </div>
  );
}
