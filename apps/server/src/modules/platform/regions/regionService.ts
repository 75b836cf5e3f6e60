import type { Region, RegionInput, RegionRename } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import type { Caller } from '../../../http/caller.ts';
import { refuseDuplicate } from '../../../http/duplicateCode.ts';
import { AppError, badRequest, notFound } from '../../../http/errors.ts';
import { audited } from '../../audit/audited.ts';
import * as repo from './regionRepo.ts';

/** The digits of a code that its descendants share: 2 for a province, 4 for a city, all six for a district. */
const significantDigits: Record<number, number> = { 1: 2, 2: 4, 3: 6 };

/** Local changes to the region tree: additions, new names, regions taken out of use and back. */
export class RegionService {
  constructor(private readonly context: AppContext) {}

  async require(code: string, db: Kysely<Database> = this.context.db): Promise<Region> {
    const region = await repo.findRegion(db, code);
    if (!region) throw notFound();
    return region;
  }

  create(caller: Caller, input: RegionInput) {
    return audited(this.context, caller, { operation: 'region:add', target: `region:${input.cantCode}` }, async (trx, entry) => {
      await this.checkPlacement(trx, input);
      await refuseDuplicate(input.cantCode, () => repo.insertRegion(trx, input));
      const after = await this.require(input.cantCode, trx);
      entry.after = after;
      return after;
    });
  }

  rename(caller: Caller, code: string, input: RegionRename) {
    return audited(this.context, caller, { operation: 'region:edit', target: `region:${code}` }, async (trx, entry) => {
      entry.before = await this.require(code, trx);
      await repo.renameRegion(trx, code, input);
      const after = await this.require(code, trx);
      entry.after = after;
      return after;
    });
  }

  setEnabled(caller: Caller, code: string, enabled: boolean) {
    return audited(this.context, caller, { operation: 'region:edit', target: `region:${code}` }, async (trx, entry) => {
      entry.before = await this.require(code, trx);
      await repo.setRegionEnabled(trx, code, enabled);
      const after = await this.require(code, trx);
      entry.after = after;
      return after;
    });
  }

  /**
   * A province stands alone; anything else sits under an existing region of a higher level whose
   * significant digits its code begins with (a municipality's districts sit straight under it).
   */
  private async checkPlacement(db: Kysely<Database>, input: RegionInput): Promise<void> {
    const refused = (parent: string) => badRequest('error.regionPlacement', { code: input.cantCode, parent });
    const isTown = input.cantCode.length === 12;
    if ((input.cantType === 4) !== isTown) throw refused(input.superCode ?? '-');
    if (input.superCode === null) {
      if (input.cantType !== 1) throw refused('-');
      return;
    }
    const parent = await repo.findRegion(db, input.superCode);
    if (!parent) throw new AppError(422, 'error.referenceMissing', { field: 'superCode' });
    const prefix = input.superCode.slice(0, significantDigits[parent.cantType] ?? 6);
    if (input.cantType <= parent.cantType || !input.cantCode.startsWith(prefix)) throw refused(parent.cantName);
  }
}

// What other modules read of regions (forms' cascades, checks and labels): exported by the service, so
// the repository stays this module's own.
export { childrenOf, findRegion } from './regionRepo.ts';
