import type { AboutSection, Customer, NewsSummary, PageResult, PortalService, Position, ServiceKind, SiteSettings } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Every setting the site reads; one the portal has not filled in yet reads as empty. */
export const settingKeys: Array<keyof SiteSettings> = [
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
  'mapLongitude',
  'mapLatitude',
  'workingHours',
  'heroImage',
  'keyFigures',
  'amapKey',
  'amapSecurityCode',
];

export async function readSiteSettings(db: Kysely<Database>): Promise<SiteSettings> {
  const stored = new Map((await db.selectFrom('portal_setting').selectAll().execute()).map((row) => [row.key, row.value]));
  return Object.fromEntries(settingKeys.map((key) => [key, stored.get(key) ?? ''])) as unknown as SiteSettings;
}

/** The services of a kind in their order; `index` is the place in that order, as the site's links use it. */
export async function listServices(db: Kysely<Database>, kind: ServiceKind): Promise<PortalService[]> {
  const rows = await db
    .selectFrom('portal_service')
    .select(['name', 'summary', 'features', 'image', 'story', 'results'])
    .where('kind', '=', kind)
    .orderBy('seq')
    .orderBy('id')
    .execute();
  return rows.map((row, index) => ({
    ...row,
    index,
    features: JSON.parse(row.features) as string[],
    results: JSON.parse(row.results) as string[],
  }));
}

const newsSummary = ['id', 'title', 'summary', 'cover', 'pinned', 'published_at as publishedAt'] as const;

const asSummary = <T extends { pinned: number }>(row: T): Omit<T, 'pinned'> & { pinned: boolean } => ({
  ...row,
  pinned: row.pinned === 1,
});

/** Published news, pinned first, then newest first; the id breaks ties so pages never overlap. */
export async function pageNews(db: Kysely<Database>, page: number, limit: number): Promise<PageResult<NewsSummary>> {
  const published = db.selectFrom('portal_news').where('status', '=', 'published');
  const counted = await published.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const records = await published
    .select(newsSummary)
    .orderBy('pinned', 'desc')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { total: Number(counted.total), records: records.map(asSummary) };
}

export async function findPublishedNews(db: Kysely<Database>, id: number) {
  const row = await db
    .selectFrom('portal_news')
    .select([...newsSummary, 'body'])
    .where('id', '=', id)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return row && asSummary(row);
}

/** The neighbours of a news item by publish time among published news: the newer one is "previous". */
export async function newsNeighbours(db: Kysely<Database>, item: { id: number; publishedAt: number }) {
  const published = db.selectFrom('portal_news').select(newsSummary).where('status', '=', 'published');
  const [previous, next] = await Promise.all([
    published
      .where((eb) =>
        eb.or([eb('published_at', '>', item.publishedAt), eb.and([eb('published_at', '=', item.publishedAt), eb('id', '>', item.id)])]),
      )
      .orderBy('published_at', 'asc')
      .orderBy('id', 'asc')
      .executeTakeFirst(),
    published
      .where((eb) =>
        eb.or([eb('published_at', '<', item.publishedAt), eb.and([eb('published_at', '=', item.publishedAt), eb('id', '<', item.id)])]),
      )
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst(),
  ]);
  return { previous: previous ? asSummary(previous) : null, next: next ? asSummary(next) : null };
}

export function listCustomers(db: Kysely<Database>): Promise<Customer[]> {
  return db
    .selectFrom('portal_customer')
    .select(['id', 'name', 'category', 'region', 'description', 'logo'])
    .orderBy('seq')
    .orderBy('id')
    .execute();
}

/** The about-us sections in their order; `index` is the place, as the footer's `activeIndex` links use it. */
export async function listAboutSections(db: Kysely<Database>): Promise<AboutSection[]> {
  const rows = await db.selectFrom('portal_about_section').select(['title', 'body', 'image', 'items']).orderBy('seq').execute();
  return rows.map((row, index) => ({ ...row, index, items: JSON.parse(row.items) as string[] }));
}

export function listPositions(db: Kysely<Database>): Promise<Position[]> {
  return db
    .selectFrom('portal_position')
    .select(['id', 'title', 'department', 'location', 'headcount', 'duties', 'requirements'])
    .orderBy('seq')
    .orderBy('id')
    .execute();
}
