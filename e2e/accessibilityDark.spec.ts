import { signedInBackOffice, walkEveryPage } from './support/backOfficeWalk.ts';

// The dark theme's walk of every back-office page; the light theme's is in accessibility.spec.ts.
walkEveryPage(signedInBackOffice(), 'dark');
