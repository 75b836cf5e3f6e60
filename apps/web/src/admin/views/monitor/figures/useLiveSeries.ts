import type { MonitorKind, MonitorSeries } from '@qiming/shared';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../../core/request/client.ts';
import { mergeLiveSeries, newestPointAt } from './liveSeries.ts';

export const livePollMs = 1000;

/**
 * The last ten minutes of a kind's figures, second by second: read whole once, then every second only
 * the newer points, appended. Paused, it keeps what it holds; resumed, it catches up from there. While
 * the browser tab is hidden it asks nothing (the next poll catches up).
 */
export function useLiveSeries(kind: MonitorKind, target: string | undefined, paused: boolean) {
  const held = useRef<{ of: string; series: MonitorSeries | null }>({ of: '', series: null });
  const [series, setSeries] = useState<MonitorSeries | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // Another kind or target starts from an empty window; a pause and resume keeps what is held.
    const of = `${kind} ${target ?? ''}`;
    if (held.current.of !== of) {
      held.current = { of, series: null };
      setSeries(null);
      setFailed(false);
    }
    if (paused) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      if (document.visibilityState !== 'hidden') {
        try {
          const since = newestPointAt(held.current.series);
          const answer = await api.get('/api/admin/monitor/live', { query: { kind, target, since }, quiet: true });
          if (stopped) return;
          const merged = mergeLiveSeries(held.current.series, answer);
          held.current = { of, series: merged };
          setSeries(merged);
          setFailed(false);
        } catch {
          if (stopped) return;
          setFailed(true);
        }
      }
      // The next poll waits for this one's answer, so a slow server is never asked twice at once.
      if (!stopped) timer = setTimeout(() => void poll(), livePollMs);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [kind, target, paused]);

  return { series, failed };
}
