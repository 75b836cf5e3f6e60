import { z } from 'zod';
import { newsStatuses, serviceKinds } from './portalAdmin.ts';

/**
 * The website's content as the API answers it, public and in the back-office. Kept apart from the
 * portal's inputs, which the sign-in page and the dashboard load: these schemas only load with the pages that read them.
 */

/** The public website's content as the public API answers it. */
export const siteSettings = z.object({
  companyName: z.string(),
  shortName: z.string(),
  slogan: z.string(),
  heroText: z.string(),
  filingNumber: z.string(),
  filingUrl: z.string(),
  address: z.string(),
  mailbox: z.string(),
  landline: z.string(),
  mobile: z.string(),
  consultationPhone: z.string(),
  publicAccountQr: z.string(),
  contactQr: z.string(),
  /** The company's position on the map, as decimal degrees (WGS-84); empty when not set. */
  mapLongitude: z.string(),
  mapLatitude: z.string(),
  workingHours: z.string(),
  /** The home page's illustration: an uploaded image or one the site ships with; empty for none. */
  heroImage: z.string(),
  /** The home page's key figures, one `figure|label` a line (`3000+|服务学校`). */
  keyFigures: z.string(),
  /** An AMap JS API key (32 hex digits): the contact page loads AMap's live map with it; empty keeps the drawn map. */
  amapKey: z.string(),
  /** The security code AMap pairs with keys made since 2021-12-02; empty when the key needs none. */
  amapSecurityCode: z.string(),
});
export type SiteSettings = z.infer<typeof siteSettings>;

export const portalService = z.object({
  /** The `index` query of the website's links. */
  index: z.number().int(),
  name: z.string(),
  summary: z.string(),
  features: z.array(z.string()),
  /** An image address, or empty. */
  image: z.string(),
  /** A customer's story with this service, or empty. */
  story: z.string(),
  /** What it achieved, one `figure|label` a line (`96%|材料线上核验率`). */
  results: z.array(z.string()),
});
export type PortalService = z.infer<typeof portalService>;

export const newsSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** An image address, or empty. */
  cover: z.string(),
  /** Pinned items come first. */
  pinned: z.boolean(),
  publishedAt: z.number().int(),
});
export type NewsSummary = z.infer<typeof newsSummary>;

export const newsDetail = newsSummary.extend({
  /** Sanitised rich text: no scripts, event handlers or javascript: links. */
  body: z.string(),
  previous: newsSummary.nullable(),
  next: newsSummary.nullable(),
});
export type NewsDetail = z.infer<typeof newsDetail>;

export const customer = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  region: z.string(),
  description: z.string(),
  /** An image address, or empty. */
  logo: z.string(),
});
export type Customer = z.infer<typeof customer>;

export const aboutSection = z.object({
  index: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** An image address, or empty. */
  image: z.string(),
  /** The section's entries (a timeline, values, honours, pledges), one `label|text` a line. */
  items: z.array(z.string()),
});
export type AboutSection = z.infer<typeof aboutSection>;

export const position = z.object({
  id: z.number().int(),
  title: z.string(),
  department: z.string(),
  location: z.string(),
  headcount: z.number().int(),
  duties: z.string(),
  requirements: z.string(),
});
export type Position = z.infer<typeof position>;

export const homeContent = z.object({
  information: z.array(portalService),
  innovation: z.array(portalService),
  news: z.array(newsSummary),
  customers: z.array(customer),
});
export type HomeContent = z.infer<typeof homeContent>;

/** The back-office's rows: what the site shows, with the order and status it keeps. */
export const portalServiceRow = portalService.extend({ id: z.number().int(), kind: z.enum(serviceKinds), seq: z.number().int() });
export type PortalServiceRow = z.infer<typeof portalServiceRow>;
export const customerRow = customer.extend({ seq: z.number().int() });
export type CustomerRow = z.infer<typeof customerRow>;
export const aboutSectionRow = aboutSection.extend({ id: z.number().int(), seq: z.number().int() });
export type AboutSectionRow = z.infer<typeof aboutSectionRow>;
export const jobRow = position.extend({ seq: z.number().int() });
export type JobRow = z.infer<typeof jobRow>;
export const newsRow = newsSummary.extend({ status: z.enum(newsStatuses), body: z.string(), updatedAt: z.number().int() });
export type NewsRow = z.infer<typeof newsRow>;

export const newsPreview = newsSummary.extend({ body: z.string() });
export type NewsPreview = z.infer<typeof newsPreview>;
/** Unsaved content an editor previews on the site. */
export const preview = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('site'), payload: siteSettings }),
  z.object({ kind: z.literal('news'), payload: newsPreview }),
]);
export type Preview = z.infer<typeof preview>;

/** A preview's address on the site, valid for `previewLifetimeMs`. */
export const previewLink = z.object({ token: z.string(), expiresAt: z.number().int() });
export type PreviewLink = z.infer<typeof previewLink>;
