/** The public website's news pages: items a page shows, and the most a client may ask for. */
export const publicNewsPageSize = 6;
export const maxPublicNewsPageSize = 20;
