// The floor of any paged list on this machine: Fastify, one prepared query on the same database and
// indexes as the server's, the page serialised, with no session, grant, validation or envelope work.
// The list benchmark runs it beside the bare route to show how much of that route's throughput a
// list that reads a database can reach at all.
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import pg from 'pg';

// The server's driver for this Node (apps/server/src/db/sqliteDriver.ts says why there are two).
const SQLite = createRequire(import.meta.url)(Number(process.versions.napi) >= 10 ? 'better-sqlite3-napi' : 'better-sqlite3');

const dictId = Number(process.env.DICT_ID);
const limit = 20;

/** Page `page` of the dictionary's items in index order, or those whose value contains `text`. */
function sqliteReader(file) {
  const db = new SQLite(file, { readonly: true });
  // The LIMIT as the server's SQLite dialect writes it (apps/server/src/db/sqliteDialect.ts says why).
  const page = db.prepare(
    'select id, item_code, item_value, item_index from pf_dict_item where dict_id = ? order by item_index, id limit cast(? as integer) offset ?',
  );
  const total = db.prepare('select item_count from pf_dict where id = ?').pluck();
  const filtered = db.prepare(
    `select id, item_code, item_value, item_index from pf_dict_item where +dict_id = ? and lower(item_value) like ?
     and id in (select rowid from pf_dict_item_fts where pf_dict_item_fts match ?) order by item_index, id limit cast(? as integer)`,
  );
  return {
    page: async (number) => ({ total: total.get(dictId), records: page.all(dictId, limit, (number - 1) * limit) }),
    filter: async (text) => {
      const records = filtered.all(dictId, `%${text.toLowerCase()}%`, `item_value:"${text}"`, limit);
      return { total: records.length, records };
    },
  };
}

function postgresReader(url) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const query = (name, text, values) => pool.query({ name, text, values }).then((result) => result.rows);
  return {
    page: async (number) => {
      const [[{ item_count: total }], records] = await Promise.all([
        query('total', 'select item_count from pf_dict where id = $1', [dictId]),
        query(
          'page',
          'select id, item_code, item_value, item_index from pf_dict_item where dict_id = $1 order by item_index, id limit $2 offset $3',
          [dictId, limit, (number - 1) * limit],
        ),
      ]);
      return { total, records };
    },
    filter: async (text) => {
      const records = await query(
        'filter',
        'select id, item_code, item_value, item_index from pf_dict_item where dict_id = $1 and lower(item_value) like $2 order by item_index, id limit $3',
        [dictId, `%${text.toLowerCase()}%`, limit],
      );
      return { total: records.length, records };
    },
  };
}

const reader = process.env.DATABASE_URL ? postgresReader(process.env.DATABASE_URL) : sqliteReader(process.env.SQLITE_FILE);
const app = Fastify();
app.get('/items', async (request) => {
  const { page = '1', itemValue } = request.query;
  return itemValue ? reader.filter(itemValue) : reader.page(Number(page));
});
const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log(`listening ${address}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => app.close().then(() => process.exit(0)));
