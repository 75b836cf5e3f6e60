import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { builtInAppCode } from './builtInApp.ts';
import { listUrlResources, type UrlResource } from './functionModelRepo.ts';

/**
 * The url resources of the function model, keyed by `METHOD /route/pattern`, held in memory because
 * the guard consults it on every request. `reload()` after the function model changes.
 */
export class AccessIndex {
  private resources = new Map<string, UrlResource>();

  constructor(private readonly db: Kysely<Database>) {}

  async reload(): Promise<void> {
    const rows = await listUrlResources(this.db, builtInAppCode);
    this.resources = new Map(rows.map((row) => [`${row.method} ${row.path}`, row]));
  }

  find(method: string, routePattern: string): UrlResource | undefined {
    return this.resources.get(`${method === 'HEAD' ? 'GET' : method} ${routePattern}`);
  }
}

declare module '../../../context.ts' {
  interface AppContext {
    accessIndex: AccessIndex;
  }
}
