import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { insertAccount } from '../modules/iam/accountRepo.ts';
import { hashPassword } from '../modules/iam/passwords.ts';
import { assignRole, grantOperations, insertRole } from '../modules/iam/roleRepo.ts';
import { seedDemoExternalTasks } from './demoExternalWorker.ts';
import { seedDemoForms } from './demoForms.ts';
import { seedDemoFunctionModel } from './demoFunctionModel.ts';
import { seedDemoGateway } from './demoGateway.ts';
import { seedDemoAudit, seedDemoGovernance } from './demoGovernanceAndAudit.ts';
import { seedDemoMonitoring } from './demoMonitoring.ts';
import { seedDemoWebsite } from './demoWebsite.ts';
import { seedDemoWorkflow } from './demoWorkflow.ts';
import { seedDemoWorkflowRuns } from './demoWorkflowRuns.ts';

export const demoAccounts = {
  staff: { userName: 'staff01', password: 'Staff@2026' },
};

const demoDictionaries = [
  {
    code: 'gender',
    name: '性别',
    note: '人员性别代码，依 GB/T 2261.1',
    items: [
      ['1', '男'],
      ['2', '女'],
      ['9', '未说明'],
    ],
  },
  {
    code: 'yes_no',
    name: '是否',
    note: '通用是否标志',
    items: [
      ['1', '是'],
      ['0', '否'],
    ],
  },
  {
    code: 'alarm_level',
    name: '告警级别',
    note: '监控告警的严重程度',
    items: [
      ['1', '一般'],
      ['2', '严重'],
      ['3', '紧急'],
    ],
  },
  {
    code: 'task_level',
    name: '任务优先级',
    note: '待办事项的优先级',
    items: [
      ['1', '高'],
      ['2', '中'],
      ['3', '低'],
    ],
  },
  {
    code: 'task_status',
    name: '任务状态',
    note: '待办事项的处理状态',
    items: [
      ['1', '未开始'],
      ['2', '进行中'],
      ['3', '已完成'],
    ],
  },
  {
    code: 'user_status',
    name: '账号状态',
    note: '后台账号的启用与锁定状态',
    items: [
      ['normal', '正常'],
      ['lock', '锁定'],
    ],
  },
];

/** Demo content for a development installation: a staff account that may only read dictionaries, and dictionaries. */
export async function seedDemoData(db: Kysely<Database>, menuTypeId: number, now: number): Promise<void> {
  const readerRole = await insertRole(db, { roleCode: 'dict_reader', roleName: '字典查阅员', roleType: 'common' });
  await grantOperations(db, readerRole, ['dict:view']);
  const staff = await insertAccount(db, {
    userName: demoAccounts.staff.userName,
    // The employee this account belongs to (seedDemoStaff): 技术部's front-end engineer.
    name: '张婷',
    passwordHash: await hashPassword(demoAccounts.staff.password),
    menuTypeId,
    introduction: '演示员工账号：可查阅数据字典。',
    now,
  });
  await assignRole(db, staff, readerRole);
  await seedDemoOrgans(db, staff, now);
  const admin = (await db.selectFrom('iam_account').select('id').where('user_name', '=', 'sysadmin').executeTakeFirstOrThrow()).id;
  await seedDemoWebsite(db, now);
  await seedDemoSerialRules(db, now);
  await seedDemoTodos(db, { admin, staff }, now);
  await seedDemoGovernance(db, now);
  await seedDemoGateway(db, now);
  await seedDemoMonitoring(db, now, admin);
  await seedDemoAudit(db, now, { admin, staff });
  await seedDemoFunctionModel(db);
  await seedDemoForms(db, now, [staff, admin]);
  await seedDemoWorkflow(db, menuTypeId, now, staff);
  await seedDemoExternalTasks(db, menuTypeId, now);
  await seedDemoWorkflowRuns(db, now, staff);

  for (const dictionary of demoDictionaries) {
    const { id } = await db
      .insertInto('pf_dict')
      .values({
        dict_code: dictionary.code,
        dict_name: dictionary.name,
        note: dictionary.note,
        item_count: dictionary.items.length,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('pf_dict_item')
      .values(
        dictionary.items.map(([code = '', value = ''], index) => ({
          dict_id: id,
          item_code: code,
          item_value: value,
          item_index: index + 1,
        })),
      )
      .execute();
  }
}

/**
 * A to-do board for each demo account with every level, status and bucket in use, due dates around
 * today (one overdue).
 */
async function seedDemoTodos(db: Kysely<Database>, accounts: { admin: number; staff: number }, now: number): Promise<void> {
  const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
  const boards: [number, [string, string, number, number, number, string | null][]][] = [
    [
      accounts.admin,
      [
        ['审核十二月课程发布计划', '与教研部确认三门新课的上线时间', 1, 1, 1, day(2)],
        ['整理客户回访记录', '', 3, 1, 1, null],
        ['处理账号解锁申请', '技术部两名同事连续输错密码被锁定', 1, 2, 2, day(0)],
        ['更新官网新闻栏目', '发布科创大赛获奖新闻并配图', 2, 1, 2, day(0)],
        ['核对配置中心生产环境变更', '', 2, 2, 3, day(5)],
        ['准备季度安全审计材料', '导出操作日志与登录日志', 1, 1, 3, day(-1)],
        ['评估网关限流规则', '', 3, 1, 4, day(20)],
        ['归档十月请假单', '', 3, 3, 4, day(-10)],
      ],
    ],
    [
      accounts.staff,
      [
        ['熟悉数据字典维护流程', '', 2, 2, 1, day(3)],
        ['提交年假申请', '', 2, 1, 2, day(1)],
        ['阅读新版密码策略', '', 3, 3, 4, null],
      ],
    ],
  ];
  for (const [accountId, tasks] of boards) {
    const positions = new Map<number, number>();
    await db
      .insertInto('todo_task')
      .values(
        tasks.map(([title, description, level, status, bucket, dueDate]) => {
          const position = positions.get(bucket) ?? 0;
          positions.set(bucket, position + 1);
          return {
            account_id: accountId,
            title,
            description,
            level,
            status,
            bucket,
            position,
            due_date: dueDate,
            created_at: now,
            updated_at: now,
          };
        }),
      )
      .execute();
  }
}

/** Leave requests numbered by year (2026000042-QJ style), contracts as a plain sequence. */
async function seedDemoSerialRules(db: Kysely<Database>, now: number): Promise<void> {
  const year = String(new Date(now).getFullYear());
  const rule = { is_global: 1, organ_id: null, scope: 0, is_suffix: 0, id_suffix: '', updated_at: now };
  await db
    .insertInto('sys_serial_rule')
    .values([
      {
        ...rule,
        id_code: 'leave_request',
        id_name: '请假单编号',
        id_length: 6,
        id_value: 42,
        period: year,
        is_prefix: 1,
        id_prefix: 'YYYY',
        is_suffix: 1,
        id_suffix: '-QJ',
        id_type: 'year',
      },
      {
        ...rule,
        id_code: 'contract',
        id_name: '合同编号',
        id_length: 5,
        id_value: 1207,
        period: '',
        is_prefix: 1,
        id_prefix: 'HT',
        id_type: 'sequence',
      },
    ])
    .execute();
}

/** A small company in the administrative structure; the demo staff account works in its technology department. */
async function seedDemoOrgans(db: Kysely<Database>, staffAccountId: number, now: number): Promise<void> {
  const organ = async (code: string, name: string, typeCode: string, parent: number | null, order: number) => {
    const { id } = await db
      .insertInto('iam_organ')
      .values({ organ_code: code, organ_name: name, short_name: '', type_code: typeCode, principal_name: '', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('iam_organ_node')
      .values({ stru_type: 'admin', organ_id: id, parent_organ_id: parent, stru_order: order })
      .execute();
    return id;
  };
  const company = await organ('QM', '启明教育科技', 'CORP', null, 0);
  const technology = await organ('QM_TECH', '技术部', 'DEPT', company, 0);
  const market = await organ('QM_MARKET', '市场部', 'DEPT', company, 1);
  const staff = await seedDemoStaff(db, { company, technology, market });
  await db.updateTable('iam_account').set({ organ_id: technology, staff_id: staff }).where('id', '=', staffAccountId).execute();
}

/** Positions in each organ, most of them filled; returns the employee the demo staff account is. */
async function seedDemoStaff(db: Kysely<Database>, organs: { company: number; technology: number; market: number }): Promise<number> {
  const people: [keyof typeof organs, string, string, string | null, string, string][] = [
    ['company', 'QM_CEO', '总经理', '陈启明', '13801012001', 'chen.qiming@qiming.example'],
    ['technology', 'QM_CTO', '技术总监', '刘晓峰', '13801012002', 'liu.xiaofeng@qiming.example'],
    ['technology', 'QM_FE', '前端工程师', '张婷', '13801012003', 'zhang.ting@qiming.example'],
    ['technology', 'QM_BE', '后端工程师', '王磊', '13801012004', 'wang.lei@qiming.example'],
    ['technology', 'QM_QA', '测试工程师', null, '', ''],
    ['market', 'QM_MKT_MGR', '市场经理', '赵敏', '13801012005', 'zhao.min@qiming.example'],
    ['market', 'QM_MKT_REP', '市场专员', '孙悦', '13801012006', 'sun.yue@qiming.example'],
  ];
  const ids: number[] = [];
  for (const [index, [organ, code, positionName, staffName, mobile, email]] of people.entries()) {
    const organId = organs[organ];
    const position = await db
      .insertInto('iam_position')
      .values({ organ_id: organId, position_code: code, position_name: positionName })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (staffName === null) continue;
    const row = await db
      .insertInto('iam_staff')
      .values({
        staff_code: `E${String(index + 1).padStart(4, '0')}`,
        staff_name: staffName,
        organ_id: organId,
        position_id: position.id,
        mobile,
        email,
        id_number: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids[2] as number;
}
