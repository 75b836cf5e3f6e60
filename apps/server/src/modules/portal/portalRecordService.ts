import type { PageResult } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import { containsText } from '../../db/containsText.ts';
import { wholeList } from '../../db/paginate.ts';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/uniqueViolation.ts';
import type { Caller } from '../../http/caller.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireAttachments } from '../attachments/attachmentService.ts';
import { audited } from '../audit/audited.ts';
import type { PublicContentCache } from './publicContentCache.ts';
import type { RecordKind } from './recordKinds.ts';

/**
 * The portal's small lists: each kind's rows read, added, changed and deleted alike. A change is on the
 * site as soon as it is answered: the public cache forgets once the change commits.
 */
export class PortalRecordService<Input, Row> {
  /** The kind names its table at run time; its declaration types the rows. */
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  private readonly db: Kysely<any>;

  constructor(
    private readonly context: AppContext,
    private readonly cache: PublicContentCache,
    readonly kind: RecordKind<Input, Row>,
  ) {
    this.db = context.db;
  }

  async list(filters: Record<string, string | undefined>): Promise<PageResult<Row>> {
    let query = this.db.selectFrom(this.kind.table).selectAll();
    for (const column of this.kind.filters) if (filters[column]) query = query.where(column, '=', filters[column]);
    if (filters.name) query = query.where(containsText(this.kind.nameColumn, filters.name));
    for (const column of this.kind.order) query = query.orderBy(column);
    const rows = await query.orderBy('id').execute();
    return wholeList(rows.map((row: Record<string, unknown>) => this.kind.fromRow(row)));
  }

  create(caller: Caller, input: Input): Promise<Row> {
    return this.change(
      caller,
      'add',
      'new',
      async (trx, entry) => {
        const { id } = await this.write(() =>
          trx.insertInto(this.kind.table).values(this.kind.toRow(input)).returning('id').executeTakeFirstOrThrow(),
        );
        const row = await this.require(trx, Number(id));
        entry.after = row;
        return row;
      },
      input,
    );
  }

  update(caller: Caller, id: number, input: Input): Promise<Row> {
    return this.change(
      caller,
      'edit',
      String(id),
      async (trx, entry) => {
        entry.before = await this.require(trx, id);
        await this.write(() => trx.updateTable(this.kind.table).set(this.kind.toRow(input)).where('id', '=', id).execute());
        const row = await this.require(trx, id);
        entry.after = row;
        return row;
      },
      input,
    );
  }

  remove(caller: Caller, ids: number[]): Promise<{ deleted: number }> {
    return this.change(caller, 'delete', ids.join(','), async (trx, entry) => {
      entry.before = await Promise.all(ids.map((id) => this.require(trx, id)));
      const result = await trx.deleteFrom(this.kind.table).where('id', 'in', ids).executeTakeFirst();
      entry.after = { deleted: Number(result.numDeletedRows) };
      return entry.after as { deleted: number };
    });
  }

  private async change<T>(
    caller: Caller,
    action: 'add' | 'edit' | 'delete',
    target: string,
    // biome-ignore lint/suspicious/noExplicitAny: see the class's db.
    work: (trx: Kysely<any>, entry: { before?: unknown; after?: unknown }) => Promise<T>,
    input?: Input,
  ): Promise<T> {
    const operation = `portal:${this.kind.path}:${action}`;
    const result = await audited(this.context, caller, { operation, target: `portal:${this.kind.path}:${target}` }, async (trx, entry) => {
      if (input) await requireAttachments(trx, this.kind.images(input));
      return work(trx, entry);
    });
    await this.cache.changed();
    return result;
  }

  // biome-ignore lint/suspicious/noExplicitAny: see the class's db.
  private async require(db: Kysely<any> | Kysely<Database>, id: number): Promise<Row> {
    // biome-ignore lint/suspicious/noExplicitAny: see the class's db.
    const row = await (db as Kysely<any>).selectFrom(this.kind.table).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return this.kind.fromRow(row);
  }

  /** Two entries cannot share a place in the order where the table says so. */
  private async write<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest('error.orderTaken');
      throw error;
    }
  }
}
