import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Contains-search over dictionary items through an index instead of a scan of every row: a trigram
 * full-text table kept by triggers on SQLite, trigram GIN indexes on PostgreSQL (`pg_trgm` is a trusted
 * extension, so the database owner may create it).
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  if (context.dialect === 'postgres') {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index pf_dict_item_code_trgm on pf_dict_item using gin (lower(item_code) gin_trgm_ops)`.execute(db);
    await sql`create index pf_dict_item_value_trgm on pf_dict_item using gin (lower(item_value) gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table pf_dict_item_fts using fts5(item_code, item_value, content='pf_dict_item', content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await sql`create trigger pf_dict_item_fts_insert after insert on pf_dict_item begin
    insert into pf_dict_item_fts(rowid, item_code, item_value) values (new.id, new.item_code, new.item_value);
  end`.execute(db);
  await sql`create trigger pf_dict_item_fts_delete after delete on pf_dict_item begin
    insert into pf_dict_item_fts(pf_dict_item_fts, rowid, item_code, item_value) values ('delete', old.id, old.item_code, old.item_value);
  end`.execute(db);
  await sql`create trigger pf_dict_item_fts_update after update of item_code, item_value on pf_dict_item begin
    insert into pf_dict_item_fts(pf_dict_item_fts, rowid, item_code, item_value) values ('delete', old.id, old.item_code, old.item_value);
    insert into pf_dict_item_fts(rowid, item_code, item_value) values (new.id, new.item_code, new.item_value);
  end`.execute(db);
  await sql`insert into pf_dict_item_fts(pf_dict_item_fts) values ('rebuild')`.execute(db);
}
