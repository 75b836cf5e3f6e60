import { holdLease, releaseLease } from '../../../cluster/databaseLease.ts';
import type { AppContext } from '../../../context.ts';
import { type BeatView, sweepInstances } from './instanceRepo.ts';
import { instanceKey, type Liveness } from './liveness.ts';

const sweepEveryMs = 1_000;
const leaseName = 'registry-sweep';
/** A holder that stops sweeping (it died, or hangs) gives way to another server after this long. */
const leaseTtlMs = 5_000;

/**
 * Once a second, the one server holding the sweep lease marks silent ephemeral instances unhealthy and
 * removes the long-silent ones, going by the beats every server heard (`liveness`); the others only
 * renew their claim. Stopping gives the lease up, so another server sweeps at its next second.
 */
export async function startHealthSweeper(
  context: AppContext,
  liveness: Liveness,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  await liveness.start();
  const { db, cluster } = context;
  let holds = false;
  const tick = async () => {
    const now = context.now();
    holds = await holdLease(db, leaseName, cluster.serverId, leaseTtlMs, now);
    const since = liveness.heardEverythingSince();
    if (!holds || since === undefined) return;
    const view: BeatView = {
      lastBeat: (instance) => liveness.lastBeat(instanceKey(instance.service, instance)),
      heardEverythingSince: since,
    };
    const { removed } = await sweepInstances(db, now, view);
    for (const instance of removed) liveness.forget(instanceKey(instance.service, instance));
  };
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    // A slow sweep (a busy database) is skipped rather than piled up.
    if (busy) return;
    busy = true;
    running = tick()
      .catch(onError)
      .finally(() => {
        busy = false;
      });
  }, sweepEveryMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
    liveness.stop();
    if (holds) await releaseLease(db, leaseName, cluster.serverId).catch(onError);
  };
}
