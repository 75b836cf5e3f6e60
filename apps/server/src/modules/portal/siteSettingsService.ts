import type { SiteSettings } from '@qiming/shared';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../http/caller.ts';
import { requireAttachments } from '../attachments/attachmentService.ts';
import { audited } from '../audit/audited.ts';
import { readSiteSettings, settingKeys } from './portalRepo.ts';
import type { PublicContentCache } from './publicContentCache.ts';

/** The company's name, contacts, filing number, images, key figures and map, saved all at once. */
export class SiteSettingsService {
  constructor(
    private readonly context: AppContext,
    private readonly cache: PublicContentCache,
  ) {}

  async save(caller: Caller, input: SiteSettings): Promise<SiteSettings> {
    const saved = await audited(this.context, caller, { operation: 'portal:site:edit', target: 'portal:site' }, async (trx, entry) => {
      entry.before = await readSiteSettings(trx);
      await requireAttachments(trx, [input.publicAccountQr, input.contactQr, input.heroImage]);
      await trx
        .insertInto('portal_setting')
        .values(settingKeys.map((key) => ({ key, value: input[key] })))
        .onConflict((conflict) => conflict.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
        .execute();
      entry.after = await readSiteSettings(trx);
      return entry.after as SiteSettings;
    });
    await this.cache.changed();
    return saved;
  }
}
