import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef } from 'react';

interface Props {
  option: EChartsCoreOption;
  /** What the chart shows, for screen readers (the picture itself is not read out). */
  label: string;
  height?: number;
}

/**
 * An ECharts chart drawn as SVG, resized with its box. ECharts loads in its own chunk when the first
 * chart appears, so pages without charts never fetch it. Memoise `option`: a new one redraws.
 */
export function EChart({ option, label, height = 220 }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let stop = () => {};
    void import('./echartsSetup.ts').then(({ echarts }) => {
      const element = box.current;
      if (disposed || !element) return;
      const chart = echarts.init(element, undefined, { renderer: 'svg' });
      chart.setOption({ aria: { enabled: false }, animationDuration: 300, ...option });
      const observer = new ResizeObserver(() => chart.resize());
      observer.observe(element);
      stop = () => {
        observer.disconnect();
        chart.dispose();
      };
    });
    return () => {
      disposed = true;
      stop();
    };
  }, [option]);
  // ECharts owns the inner box's attributes; the label sits on one it does not touch.
  return (
    <div role="img" aria-label={label}>
      <div ref={box} style={{ height, width: '100%' }} />
    </div>
  );
}
