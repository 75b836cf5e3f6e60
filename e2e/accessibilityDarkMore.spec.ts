import { signedInBackOffice, walkEveryPage } from './support/backOfficeWalk.ts';

// The second half of the dark theme's walk of every back-office page.
walkEveryPage(signedInBackOffice(), 'dark', 'second');
