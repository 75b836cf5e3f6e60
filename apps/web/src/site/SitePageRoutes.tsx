import { lazy, type ReactNode } from 'react';
import { useHashLocation } from '../hashLocation.ts';
import { HomePage } from './pages/HomePage.tsx';
import type { SitePath } from './sitePages.ts';

const ServicesPage = lazy(() => import('./pages/ServicesPage.tsx'));
const NewsPage = lazy(() => import('./pages/NewsPage.tsx'));
const NewsDetailPage = lazy(() => import('./pages/NewsDetailPage.tsx'));
const CustomersPage = lazy(() => import('./pages/CustomersPage.tsx'));
const AboutPage = lazy(() => import('./pages/AboutPage.tsx'));
const ContactPage = lazy(() => import('./pages/ContactPage.tsx'));
const JoinPage = lazy(() => import('./pages/JoinPage.tsx'));
const TestPage = lazy(() => import('./pages/TestPage.tsx'));

/** Every page of the site; the home page ships with the entry, the rest load on first visit. */
const pages: Record<SitePath, ReactNode> = {
  '/homePage': <HomePage />,
  '/toProducts': <ServicesPage kind="information" />,
  '/toCases': <ServicesPage kind="innovation" />,
  '/newsPage': <NewsPage />,
  '/newsDetail': <NewsDetailPage />,
  '/customers': <CustomersPage />,
  '/aboutUs': <AboutPage />,
  '/contactUs': <ContactPage />,
  '/joinus': <JoinPage />,
  '/test': <TestPage />,
};

/** Whether `pathname` is one of the site's pages (exact, as the spec's links write them). */
export const isSitePath = (pathname: string): pathname is SitePath => Object.hasOwn(pages, pathname);

/** The page inside the site's layout, chosen by the address. */
export function SitePageRoutes() {
  const { pathname } = useHashLocation();
  return isSitePath(pathname) ? pages[pathname] : null;
}
