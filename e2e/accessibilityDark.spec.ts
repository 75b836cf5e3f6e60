import { signedInBackOffice, walkEveryPage } from './support/backOfficeWalk.ts';

// The first half of the dark theme's walk of every back-office page; the light theme's is in accessibility.spec.ts.
walkEveryPage(signedInBackOffice(), 'dark', 'first');
