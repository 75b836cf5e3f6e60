/** The public website's content as the public API answers it. */
export interface SiteSettings {
  companyName: string;
  shortName: string;
  slogan: string;
  heroText: string;
  filingNumber: string;
  filingUrl: string;
  address: string;
  mailbox: string;
  landline: string;
  mobile: string;
  consultationPhone: string;
  publicAccountQr: string;
  contactQr: string;
  /** The company's position on the map, as decimal degrees (WGS-84); empty when not set. */
  mapLongitude: string;
  mapLatitude: string;
  workingHours: string;
  /** The home page's illustration: an uploaded image or one the site ships with; empty for none. */
  heroImage: string;
  /** The home page's key figures, one `figure|label` a line (`3000+|服务学校`). */
  keyFigures: string;
  /** An AMap JS API key (32 hex digits): the contact page loads AMap's live map with it; empty keeps the drawn map. */
  amapKey: string;
  /** The security code AMap pairs with keys made since 2021-12-02; empty when the key needs none. */
  amapSecurityCode: string;
}

export type ServiceKind = 'information' | 'innovation';

export interface PortalService {
  /** The `index` query of the website's links. */
  index: number;
  name: string;
  summary: string;
  features: string[];
  /** An image address, or empty. */
  image: string;
  /** A customer's story with this service, or empty. */
  story: string;
  /** What it achieved, one `figure|label` a line (`96%|材料线上核验率`). */
  results: string[];
}

export interface NewsSummary {
  id: number;
  title: string;
  summary: string;
  /** An image address, or empty. */
  cover: string;
  /** Pinned items come first. */
  pinned: boolean;
  publishedAt: number;
}

export interface NewsDetail extends NewsSummary {
  /** Sanitised rich text: no scripts, event handlers or javascript: links. */
  body: string;
  previous: NewsSummary | null;
  next: NewsSummary | null;
}

export interface Customer {
  id: number;
  name: string;
  category: string;
  region: string;
  description: string;
  /** An image address, or empty. */
  logo: string;
}

export interface AboutSection {
  index: number;
  title: string;
  body: string;
  /** An image address, or empty. */
  image: string;
  /** The section's entries (a timeline, values, honours, pledges), one `label|text` a line. */
  items: string[];
}

export interface Position {
  id: number;
  title: string;
  department: string;
  location: string;
  headcount: number;
  duties: string;
  requirements: string;
}

export interface HomeContent {
  information: PortalService[];
  innovation: PortalService[];
  news: NewsSummary[];
  customers: Customer[];
}

export const publicNewsPageSize = 6;
export const maxPublicNewsPageSize = 20;
