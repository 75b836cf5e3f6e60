import type { TestApp } from './testApp.ts';

/**
 * `count` tasks written straight into the account's bucket 4 (do later), placed 0, 1, 2, ... as the list
 * would place them: a full list without 2,000 requests.
 */
export async function fillTodos(t: TestApp, userName: string, count: number, status = 1): Promise<void> {
  const account = await t.context.db.selectFrom('iam_account').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow();
  const now = t.clock.now();
  const rows = Array.from({ length: count }, (_, index) => ({
    account_id: account.id,
    title: `filler ${index}`,
    description: '',
    level: 3,
    status,
    bucket: 4,
    position: index,
    due_date: null,
    created_at: now,
    updated_at: now,
  }));
  for (let start = 0; start < rows.length; start += 200) {
    await t.context.db
      .insertInto('todo_task')
      .values(rows.slice(start, start + 200))
      .execute();
  }
}
