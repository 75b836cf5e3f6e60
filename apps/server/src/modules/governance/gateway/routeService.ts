import type { GatewayRoute, RouteInput, RouteStatus } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../db/uniqueViolation.ts';
import type { Caller } from '../../../http/caller.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { type StatusStep, takeStatusStep } from '../../../http/statusStep.ts';
import { maxPatternLength } from '../../../text/linearPatterns.ts';
import { type AuditEntry, audited } from '../../audit/audited.ts';
import { UpstreamPolicy } from '../../outbound/upstreamPolicy.ts';
import { type PatternRefusal, routePatternRefusal } from './routePatterns.ts';
import * as repo from './routeRepo.ts';
import { rulesUsing } from './ruleRepo.ts';
import { requireAllowedUpstream } from './upstreamCheck.ts';

/** The cluster channel on which a route change tells every gateway process to reload its table. */
export const routesChangedChannel = 'gateway:routes';

/**
 * Tells every gateway process to reload its routes and rules, after a change is committed. A lost
 * message must not fail a change that has been saved; gateways also reload when they start.
 */
export async function tellGateways(context: Pick<AppContext, 'cluster'>): Promise<void> {
  await context.cluster.publish(routesChangedChannel, context.cluster.serverId).catch(() => undefined);
}

/** A pattern RE2 refuses, answered 400 with its field, the pattern and why. */
export function refusePattern(refusal: PatternRefusal | undefined): void {
  if (refusal) throw badRequest('validation.patternRefused', { ...refusal, max: maxPatternLength });
}

/** Release cycle (spec): unreleased -> released -> cancelled, and a cancelled route released again. */
const steps: Record<'release' | 'cancel', StatusStep<RouteStatus>> = {
  release: { from: ['unreleased', 'cancelled'], to: 'released' },
  cancel: { from: ['released'], to: 'cancelled' },
};

/**
 * Gateway routes as the back-office keeps them. A change to a released route takes effect at once:
 * every change that commits tells every gateway process through the cluster bus.
 */
export class RouteService {
  private readonly upstreams: UpstreamPolicy;

  constructor(private readonly context: AppContext) {
    const { config } = context;
    this.upstreams = new UpstreamPolicy(config.gatewayUpstreamAllow, () => [config.port, config.gatewayPort]);
  }

  /** Patterns RE2 can run and an upstream the gateway may call, or a 400 that says which is not. */
  private async requireSafe(input: Pick<RouteInput, 'uri' | 'predicates' | 'filters'>): Promise<void> {
    refusePattern(routePatternRefusal(input));
    await requireAllowedUpstream(this.context.db, this.upstreams, input.uri);
  }

  async require(id: number, db: Kysely<Database> = this.context.db): Promise<GatewayRoute> {
    const route = await repo.findRoute(db, id);
    if (!route) throw notFound();
    return route;
  }

  async create(caller: Caller, input: RouteInput): Promise<GatewayRoute> {
    await this.requireSafe(input);
    return this.change(caller, 'add', input.routeId, async (trx, entry) => {
      const id = await unique(() => repo.insertRoute(trx, input, this.context.now()), input);
      const created = await this.require(id, trx);
      entry.after = created;
      return created;
    });
  }

  /** Defines several routes at once (SCG's route JSON), unreleased: all of them, or none when one is refused. */
  async importRoutes(caller: Caller, inputs: RouteInput[]): Promise<GatewayRoute[]> {
    for (const input of inputs) await this.requireSafe(input);
    const target = `import:${inputs.map((input) => input.routeId).join(',')}`.slice(0, 200);
    return this.change(caller, 'add', target, async (trx, entry) => {
      const created: GatewayRoute[] = [];
      for (const input of inputs) {
        created.push(await this.require(await unique(() => repo.insertRoute(trx, input, this.context.now()), input), trx));
      }
      entry.after = created;
      return created;
    });
  }

  async update(caller: Caller, id: number, input: RouteInput): Promise<GatewayRoute> {
    await this.requireSafe(input);
    return this.change(caller, 'edit', String(id), async (trx, entry) => {
      const before = await this.require(id, trx);
      entry.before = before;
      // Flow rules name a route by its ID: renaming it would leave them guarding nothing.
      if (before.routeId !== input.routeId && (await rulesUsing(trx, 'route', [before.routeId])) > 0)
        throw badRequest('error.routeHasRules');
      await unique(() => repo.updateRoute(trx, id, input, this.context.now()), input);
      const updated = await this.require(id, trx);
      entry.after = updated;
      return updated;
    });
  }

  async step(caller: Caller, id: number, step: 'release' | 'cancel'): Promise<GatewayRoute> {
    // A route saved before its upstream or pattern was refused is refused again as it goes live.
    if (step === 'release') await this.requireSafe(await this.require(id));
    return this.change(caller, 'release', `${step}:${id}`, (trx, entry) =>
      takeStatusStep(
        steps[step],
        { load: () => this.require(id, trx), save: (status) => repo.setRouteStatus(trx, id, status, this.context.now()) },
        entry,
        'error.routeStatus',
      ),
    );
  }

  remove(caller: Caller, ids: number[]): Promise<{ deleted: number }> {
    return this.change(caller, 'delete', ids.join(','), async (trx, entry) => {
      const routes = await Promise.all(ids.map((id) => this.require(id, trx)));
      if (routes.some((route) => route.status === 'released')) throw badRequest('error.routeReleased');
      if (
        (await rulesUsing(
          trx,
          'route',
          routes.map((route) => route.routeId),
        )) > 0
      )
        throw badRequest('error.routeHasRules');
      entry.before = routes;
      const deleted = { deleted: await repo.deleteRoutes(trx, ids) };
      entry.after = deleted;
      return deleted;
    });
  }

  private async change<T>(
    caller: Caller,
    action: string,
    target: string,
    work: (trx: Kysely<Database>, entry: AuditEntry) => Promise<T>,
  ): Promise<T> {
    const result = await audited(this.context, caller, { operation: `gateway:${action}`, target: `route:${target}` }, work);
    await tellGateways(this.context);
    return result;
  }
}

/** A route id or name another route has answers its own message. */
async function unique<T>(write: () => Promise<T>, input: RouteInput): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const text = String((error as Error).message);
    throw badRequest(text.includes('route_name') ? 'error.duplicateRouteName' : 'error.duplicateRouteId', { code: input.routeId });
  }
}
