import type { BreakerState } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../core/request/client.ts';
import { useAccess } from '../../../crud/Access.tsx';

/**
 * What every live gateway process last reported, re-read every two seconds while the page is open;
 * nothing for a user without the gateway's view operation (the server would refuse it).
 */
export function useGatewayState() {
  const allowed = useAccess()('gateway:view');
  const { data: processes = [] } = useQuery({
    queryKey: ['/admin/gateway/state'],
    queryFn: () => api.get('/api/admin/gateway/state'),
    enabled: allowed,
    refetchInterval: 2000,
  });
  return {
    processes: processes.length,
    /** A route's last second over every gateway. */
    traffic(routeId: string) {
      const seconds = processes.flatMap((process) => process.routes.filter((route) => route.routeId === routeId));
      return {
        passed: seconds.reduce((sum, second) => sum + second.passed, 0),
        blocked: seconds.reduce((sum, second) => sum + second.blocked, 0),
      };
    },
    /** How many gateways hold a degrade rule's breaker in each state. */
    breaker(ruleId: number): Array<[BreakerState, number]> {
      const counts = new Map<BreakerState, number>();
      for (const process of processes) {
        for (const breaker of process.breakers)
          if (breaker.ruleId === ruleId) counts.set(breaker.state, (counts.get(breaker.state) ?? 0) + 1);
      }
      return [...counts];
    },
  };
}
