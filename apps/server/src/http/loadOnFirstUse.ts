/**
 * A library loaded the first time a rare request needs it instead of at every start: ExcelJS took 450-640 ms,
 * node-sql-parser 680 ms and nodemailer 160 ms to load on the 2-core test machine, each alone (a server's
 * start took 4.0-4.8 s).
 * A load that failed (a disk error, no file handle left) is tried again the next time rather than remembered,
 * and meanwhile the caller hears 503: the request may succeed shortly, so it is no server error.
 */
export function loadOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw new LibraryUnavailable(error);
    });
    return loading;
  };
}

/** A library that could not be loaded; `cause` says why, for the log. */
export class LibraryUnavailable extends Error {
  constructor(cause: unknown) {
    super('a library could not be loaded', { cause });
  }
}
