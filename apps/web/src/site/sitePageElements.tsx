import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { HomePage } from './pages/HomePage.tsx';

const ServicesPage = lazy(() => import('./pages/ServicesPage.tsx'));
const NewsPage = lazy(() => import('./pages/NewsPage.tsx'));
const NewsDetailPage = lazy(() => import('./pages/NewsDetailPage.tsx'));
const CustomersPage = lazy(() => import('./pages/CustomersPage.tsx'));
const AboutPage = lazy(() => import('./pages/AboutPage.tsx'));
const ContactPage = lazy(() => import('./pages/ContactPage.tsx'));
const JoinPage = lazy(() => import('./pages/JoinPage.tsx'));
const TestPage = lazy(() => import('./pages/TestPage.tsx'));

/** The children of the site layout; the home page ships with the entry, the rest load on first visit. */
export const sitePageElements: RouteObject[] = [
  { path: 'homePage', element: <HomePage /> },
  { path: 'toProducts', element: <ServicesPage kind="information" /> },
  { path: 'toCases', element: <ServicesPage kind="innovation" /> },
  { path: 'newsPage', element: <NewsPage /> },
  { path: 'newsDetail', element: <NewsDetailPage /> },
  { path: 'customers', element: <CustomersPage /> },
  { path: 'aboutUs', element: <AboutPage /> },
  { path: 'contactUs', element: <ContactPage /> },
  { path: 'joinus', element: <JoinPage /> },
  { path: 'test', element: <TestPage /> },
];
