import { z } from 'zod';
import { type FieldRule, fieldRules, optionalText, requiredText } from '../validation/rules.ts';
import { formFlag, ruledNumber, ruledString } from '../validation/zod.ts';
import type { SiteSettings } from './portalContent.ts';

/** A news item is written as a draft, published to the site, and withdrawn from it again. */
export const newsStatuses = ['draft', 'published', 'withdrawn'] as const;
export type NewsStatus = (typeof newsStatuses)[number];

/** Images the attachment store accepts, by the type their first bytes show. */
export const attachmentImageTypes = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;
export type AttachmentImageType = keyof typeof attachmentImageTypes;

export const attachmentLimits = {
  maxBytes: 5 * 1024 * 1024,
  /** Longest side in pixels; bigger images are refused rather than shrunk. */
  maxSide: 8000,
};

/** Where a stored attachment is served: its content's SHA-256 names it, so the address never changes meaning. */
export const attachmentUrlPattern = /^\/api\/files\/([0-9a-f]{64})\.(png|jpg|gif|webp)$/;

/** An image a page shows: an uploaded attachment, or one of the images the site ships with. */
export const imageRefPattern = /^(\/api\/files\/[0-9a-f]{64}\.(png|jpg|gif|webp)|\/site\/[a-z0-9-]+\.(svg|png))$/;

const imageRef: FieldRule[] = [{ message: 'validation.imageRef', test: (value) => imageRefPattern.test(String(value)) }];
const decimal = (min: number, max: number): FieldRule[] => [
  {
    message: 'validation.numberRange',
    params: { min, max },
    test: (value) => /^-?\d{1,3}(\.\d{1,7})?$/.test(String(value)) && Number(value) >= min && Number(value) <= max,
  },
];
/** `label|text` lines as the portal writes results, key figures and timelines: both halves filled, each bounded. */
const labelledLineRule: FieldRule[] = [
  {
    message: 'validation.labelledLines',
    test: (value) =>
      String(value)
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .every((line) => /^[^|]{1,20}\|[^|]{1,200}$/.test(line) && line.split('|').every((half) => half.trim() !== '')),
  },
];
/** AMap's keys and security codes are 32 hexadecimal digits. */
const amapCode: FieldRule[] = [{ message: 'validation.amapCode', test: (value) => /^[0-9a-f]{32}$/i.test(String(value)) }];
const order: FieldRule[] = [
  ...requiredText(),
  ...fieldRules.naturalNumber,
  { message: 'validation.numberRange', params: { min: 0, max: 999 }, test: (value) => Number(value) <= 999 },
];

export const portalRules = {
  companyName: requiredText({ max: 100 }),
  shortName: requiredText({ max: 50 }),
  slogan: optionalText({ max: 100 }),
  heroText: optionalText({ max: 500 }),
  filingNumber: optionalText({ max: 50 }),
  filingUrl: optionalText({ max: 300 }, fieldRules.url),
  address: optionalText({ max: 200 }),
  mailbox: optionalText({ max: 100 }, fieldRules.email),
  landline: optionalText({ max: 30 }),
  mobile: optionalText({ max: 30 }),
  consultationPhone: optionalText({ max: 30 }),
  image: optionalText({ max: 300 }, imageRef),
  mapLongitude: optionalText({}, decimal(-180, 180)),
  mapLatitude: optionalText({}, decimal(-90, 90)),
  workingHours: optionalText({ max: 100 }),
  keyFigures: optionalText({ max: 1000 }, labelledLineRule),
  amapKey: optionalText({}, amapCode),
  amapSecurityCode: optionalText({}, amapCode),
  story: optionalText({ max: 2000 }),
  labelledLines: optionalText({ max: 3000 }, labelledLineRule),
  seq: order,
  name: requiredText({ max: 100 }),
  title: requiredText({ max: 200 }),
  summary: requiredText({ max: 500 }),
  features: optionalText({ max: 2000 }),
  category: requiredText({ max: 50 }),
  region: requiredText({ max: 50 }),
  description: optionalText({ max: 500 }),
  sectionBody: requiredText({ max: 5000 }),
  department: requiredText({ max: 100 }),
  location: requiredText({ max: 100 }),
  headcount: [...requiredText(), ...fieldRules.positiveInteger],
  duties: requiredText({ max: 2000 }),
  requirements: requiredText({ max: 2000 }),
  newsBody: requiredText({ max: 200_000 }),
  publishedAt: requiredText(),
} satisfies Record<string, FieldRule[]>;

export const siteSettingsInput = z.object({
  companyName: ruledString(portalRules.companyName),
  shortName: ruledString(portalRules.shortName),
  slogan: ruledString(portalRules.slogan),
  heroText: ruledString(portalRules.heroText),
  filingNumber: ruledString(portalRules.filingNumber),
  filingUrl: ruledString(portalRules.filingUrl),
  address: ruledString(portalRules.address),
  mailbox: ruledString(portalRules.mailbox),
  landline: ruledString(portalRules.landline),
  mobile: ruledString(portalRules.mobile),
  consultationPhone: ruledString(portalRules.consultationPhone),
  publicAccountQr: ruledString(portalRules.image),
  contactQr: ruledString(portalRules.image),
  mapLongitude: ruledString(portalRules.mapLongitude),
  mapLatitude: ruledString(portalRules.mapLatitude),
  workingHours: ruledString(portalRules.workingHours),
  heroImage: ruledString(portalRules.image),
  keyFigures: ruledString(portalRules.keyFigures),
  amapKey: ruledString(portalRules.amapKey),
  amapSecurityCode: ruledString(portalRules.amapSecurityCode),
}) satisfies z.ZodType<SiteSettings, unknown>;

/** Lists are typed one entry a line; blank lines are dropped. */
const lines = (rules: FieldRule[]) =>
  z.preprocess(
    (value) => (Array.isArray(value) ? value.join('\n') : value),
    ruledString(rules).transform((text) =>
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  );
const featureLines = lines(portalRules.features);

export const serviceKinds = ['information', 'innovation'] as const;
export type ServiceKind = (typeof serviceKinds)[number];

export const portalServiceInput = z.object({
  kind: z.enum(serviceKinds, { message: 'validation.selectRequired' }),
  seq: ruledNumber(portalRules.seq),
  name: ruledString(portalRules.name),
  summary: ruledString(portalRules.summary),
  features: featureLines,
  image: ruledString(portalRules.image),
  story: ruledString(portalRules.story),
  results: lines(portalRules.labelledLines),
});
export type PortalServiceInput = z.infer<typeof portalServiceInput>;

export const customerInput = z.object({
  seq: ruledNumber(portalRules.seq),
  name: ruledString(portalRules.name),
  category: ruledString(portalRules.category),
  region: ruledString(portalRules.region),
  description: ruledString(portalRules.description),
  logo: ruledString(portalRules.image),
});
export type CustomerInput = z.infer<typeof customerInput>;

export const aboutSectionInput = z.object({
  seq: ruledNumber(portalRules.seq),
  title: ruledString(portalRules.name),
  body: ruledString(portalRules.sectionBody),
  image: ruledString(portalRules.image),
  items: lines(portalRules.labelledLines),
});
export type AboutSectionInput = z.infer<typeof aboutSectionInput>;

export const jobInput = z.object({
  seq: ruledNumber(portalRules.seq),
  title: ruledString(portalRules.name),
  department: ruledString(portalRules.department),
  location: ruledString(portalRules.location),
  headcount: ruledNumber(portalRules.headcount),
  duties: ruledString(portalRules.duties),
  requirements: ruledString(portalRules.requirements),
});
export type JobInput = z.infer<typeof jobInput>;

/** `YYYY-MM-DD HH:mm` in China Standard Time, as the site shows dates, or epoch milliseconds. */
const publishedAt = z.preprocess(
  (value) => {
    if (typeof value === 'number') return value;
    const text = String(value ?? '');
    const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(text);
    return match ? Date.parse(`${match[1]}T${match[2]}:00+08:00`) : text === '' ? undefined : Number.NaN;
  },
  z.number({ message: 'validation.dateTime' }).int({ message: 'validation.dateTime' }).min(0, { message: 'validation.dateTime' }),
);

export const newsInput = z.object({
  title: ruledString(portalRules.title),
  summary: ruledString(portalRules.summary),
  cover: ruledString(portalRules.image),
  body: ruledString(portalRules.newsBody),
  publishedAt,
  pinned: formFlag(false),
});
export type NewsInput = z.infer<typeof newsInput>;

export const newsSortable = ['publishedAt', 'title', 'updatedAt'] as const;

/** How long a preview link works. */
export const previewLifetimeMs = 30 * 60 * 1000;
