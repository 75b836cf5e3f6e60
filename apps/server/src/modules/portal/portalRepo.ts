import type { AboutSection, Customer, NewsSummary, PageResult, PortalService, Position, ServiceKind, SiteSettings } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Every setting the site reads; one the portal has not filled in yet reads as empty. */
const settingKeys: Array<keyof SiteSettings> = [
  'companyName',
  'shortName',
  'slogan',
  'heroText',
  'filingNumber',
  'filingUrl',
  'address',
  'mailbox',
  'landline',
  'mobile',
  'consultationPhone',
  'publicAccountQr',
  'contactQr',
  'mapUrl',
  'workingHours',
];

export async function readSiteSettings(db: Kysely<Database>): Promise<SiteSettings> {
  const stored = new Map((await db.selectFrom('portal_setting').selectAll().execute()).map((row) => [row.key, row.value]));
  return Object.fromEntries(settingKeys.map((key) => [key, stored.get(key) ?? ''])) as unknown as SiteSettings;
}

export async function listServices(db: Kysely<Database>, kind: ServiceKind): Promise<PortalService[]> {
  const rows = await db
    .selectFrom('portal_service')
    .select(['seq', 'name', 'summary', 'features'])
    .where('kind', '=', kind)
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({ index: row.seq, name: row.name, summary: row.summary, features: JSON.parse(row.features) as string[] }));
}

const newsSummary = ['id', 'title', 'summary', 'published_at as publishedAt'] as const;

/** Newest first; the id breaks ties so pages never overlap. */
export async function pageNews(db: Kysely<Database>, page: number, limit: number): Promise<PageResult<NewsSummary>> {
  const counted = await db
    .selectFrom('portal_news')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const records = await db
    .selectFrom('portal_news')
    .select(newsSummary)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { total: Number(counted.total), records };
}

export function findNews(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('portal_news')
    .select([...newsSummary, 'body'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The neighbours of a news item in the newest-first order: the newer one is "previous". */
export async function newsNeighbours(db: Kysely<Database>, item: { id: number; publishedAt: number }) {
  const [previous, next] = await Promise.all([
    db
      .selectFrom('portal_news')
      .select(newsSummary)
      .where((eb) =>
        eb.or([eb('published_at', '>', item.publishedAt), eb.and([eb('published_at', '=', item.publishedAt), eb('id', '>', item.id)])]),
      )
      .orderBy('published_at', 'asc')
      .orderBy('id', 'asc')
      .executeTakeFirst(),
    db
      .selectFrom('portal_news')
      .select(newsSummary)
      .where((eb) =>
        eb.or([eb('published_at', '<', item.publishedAt), eb.and([eb('published_at', '=', item.publishedAt), eb('id', '<', item.id)])]),
      )
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst(),
  ]);
  return { previous: previous ?? null, next: next ?? null };
}

export function listCustomers(db: Kysely<Database>): Promise<Customer[]> {
  return db.selectFrom('portal_customer').select(['id', 'name', 'category', 'region', 'description']).orderBy('seq').execute();
}

export function listAboutSections(db: Kysely<Database>): Promise<AboutSection[]> {
  return db.selectFrom('portal_about_section').select(['seq as index', 'title', 'body']).orderBy('seq').execute();
}

export function listPositions(db: Kysely<Database>): Promise<Position[]> {
  return db
    .selectFrom('portal_position')
    .select(['id', 'title', 'department', 'location', 'headcount', 'duties', 'requirements'])
    .orderBy('seq')
    .execute();
}
