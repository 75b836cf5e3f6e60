import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { addModelRows } from '../modules/platform/functionModel/functionModelService.ts';
import { modelZip, readModelArchive } from '../modules/platform/functionModel/modelArchive.ts';

/** The office-automation service's model, in the import format: an app beside Qiming's own, to look at, edit and export. */
const officeModel = `INSERT INTO pf_app (app_code, app_name, server_host, port, context, transport, seq) VALUES ('oa', '协同办公', 'oa.qiming.internal', 8081, '/oa', 'http', 1);
INSERT INTO pf_module (app_code, module_code, module_name) VALUES ('oa', 'oa.document', '公文管理'), ('oa', 'oa.meeting', '会议管理');
INSERT INTO pf_function (module_code, function_code, function_name, seq) VALUES
  ('oa.document', 'oa.document.inbox', '收文登记', 1),
  ('oa.document', 'oa.document.outbox', '发文拟稿', 2),
  ('oa.meeting', 'oa.meeting.room', '会议室预订', 1);
INSERT INTO pf_operation (function_code, operation_code, operation_name, operation_type_code, is_default, seq) VALUES
  ('oa.document.inbox', 'oaInbox:view', '查看收文', 'view', 1, 1),
  ('oa.document.inbox', 'oaInbox:add', '登记收文', 'add', 0, 2),
  ('oa.document.outbox', 'oaOutbox:view', '查看发文', 'view', 1, 1),
  ('oa.document.outbox', 'oaOutbox:edit', '修改拟稿', 'edit', 0, 2),
  ('oa.meeting.room', 'oaRoom:view', '查看会议室', 'view', 1, 1),
  ('oa.meeting.room', 'oaRoom:book', '预订会议室', 'other', 0, 2);
INSERT INTO pf_url (operation_code, url_name, method, url_content, access_type) VALUES
  ('oaInbox:view', '收文列表', 'GET', '/oa/documents/inbox', 'authorised'),
  ('oaInbox:add', '登记收文', 'POST', '/oa/documents/inbox', 'authorised'),
  ('oaOutbox:view', '发文列表', 'GET', '/oa/documents/outbox', 'authorised'),
  ('oaOutbox:edit', '保存拟稿', 'PUT', '/oa/documents/outbox/:id', 'authorised'),
  ('oaRoom:view', '会议室空闲情况', 'GET', '/oa/rooms', 'signedIn'),
  ('oaRoom:book', '预订会议室', 'POST', '/oa/rooms/:id/bookings', 'authorised');
`;

export async function seedDemoFunctionModel(db: Kysely<Database>): Promise<void> {
  await addModelRows(db, (await readModelArchive(modelZip('oa.txt', officeModel))).rows);
}
