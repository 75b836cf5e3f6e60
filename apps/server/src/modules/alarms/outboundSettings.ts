import type { OutboundSettings, OutboundSettingsInput } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const settingKey = 'outbound.settings';

const defaults: OutboundSettingsInput = {
  allowList: [],
  smtpHost: '',
  smtpPort: 25,
  smtpSecure: false,
  smtpUser: '',
  smtpPassword: '',
  smtpFrom: '',
};

/** Where outgoing calls may go and the SMTP server, with the password: for the server's own use. */
export async function readOutboundSettings(db: Kysely<Database>): Promise<OutboundSettingsInput> {
  const row = await db.selectFrom('sys_setting').select('value').where('key', '=', settingKey).executeTakeFirst();
  return row ? { ...defaults, ...JSON.parse(row.value) } : defaults;
}

export function publicOutboundSettings({ smtpPassword, ...settings }: OutboundSettingsInput): OutboundSettings {
  return { ...settings, hasSmtpPassword: smtpPassword !== '' };
}

/** Saves the settings; an empty password keeps the one stored (the pages never see it). */
export async function writeOutboundSettings(db: Kysely<Database>, input: OutboundSettingsInput): Promise<OutboundSettingsInput> {
  const stored = await readOutboundSettings(db);
  const settings = { ...input, allowList: [...new Set(input.allowList)], smtpPassword: input.smtpPassword || stored.smtpPassword };
  await db
    .insertInto('sys_setting')
    .values({ key: settingKey, value: JSON.stringify(settings) })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: JSON.stringify(settings) }))
    .execute();
  return settings;
}
