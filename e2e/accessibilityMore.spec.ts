import { signedInBackOffice, walkEveryPage } from './support/backOfficeWalk.ts';

// The second half of the light theme's walk of every back-office page.
walkEveryPage(signedInBackOffice(), 'light', 'second');
