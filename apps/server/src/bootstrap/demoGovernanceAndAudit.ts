import type { ConfigContentType } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { insertConfig, insertVersion, updateConfig } from '../modules/governance/config/configRepo.ts';
import { contentMd5 } from '../modules/governance/config/contentTypes.ts';
import { insertNamespace } from '../modules/governance/namespaces/namespaceRepo.ts';
import { upsertInstance } from '../modules/governance/registry/instanceRepo.ts';
import { ensureService } from '../modules/governance/registry/serviceRepo.ts';

const hour = 3_600_000;

/** The demo's environment: a namespace of its own, as Nacos users keep one per environment. */
export const demoNamespace = 'prod';

/**
 * Services with persistent instances (no client beats for them, so they keep their health: one is
 * down, payment-service entirely) and configs with a history spread over the last week, so the registry, the config centre and
 * the dashboard have something to show. They live in their own namespace and leave `public` to the
 * clients a user connects.
 */
export async function seedDemoGovernance(db: Kysely<Database>, now: number): Promise<void> {
  await insertNamespace(db, { namespaceId: demoNamespace, name: '生产环境', description: '演示用的生产环境服务与配置' }, now);
  const instances: [string, string, number, boolean][] = [
    ['course-service', '10.20.1.11', 8080, true],
    ['course-service', '10.20.1.12', 8080, true],
    ['order-service', '10.20.2.21', 8081, true],
    ['order-service', '10.20.2.22', 8081, false],
    ['user-service', '10.20.3.31', 8082, true],
    // Down with no healthy instance left: the seeded alarm rule fires for it as soon as the demo runs.
    ['payment-service', '10.20.4.41', 8083, false],
  ];
  for (const [serviceName, ip, port, healthy] of instances) {
    const serviceId = await ensureService(db, { namespaceId: demoNamespace, groupName: 'DEFAULT_GROUP', serviceName }, now);
    await upsertInstance(
      db,
      {
        serviceId,
        clusterName: 'DEFAULT',
        ip,
        port,
        weight: 1,
        healthy,
        enabled: true,
        ephemeral: false,
        metadata: { zone: 'shenzhen-a', version: '2.3.0' },
        beatInterval: 5_000,
        beatTimeout: 15_000,
        deleteTimeout: 30_000,
      },
      now,
    );
  }

  const configs: { dataId: string; type: ConfigContentType; versions: [number, string][] }[] = [
    {
      dataId: 'application.yaml',
      type: 'yaml',
      versions: [
        [150, 'server:\n  port: 8080\nlogging:\n  level: info\n'],
        [52, 'server:\n  port: 8080\nlogging:\n  level: warn\n'],
      ],
    },
    {
      dataId: 'order-service.properties',
      type: 'properties',
      versions: [
        [120, 'order.timeout.minutes=30\norder.max-items=50\n'],
        [75, 'order.timeout.minutes=20\norder.max-items=50\n'],
        [26, 'order.timeout.minutes=15\norder.max-items=80\n'],
        [3, 'order.timeout.minutes=15\norder.max-items=100\n'],
      ],
    },
    {
      dataId: 'feature-flags.json',
      type: 'json',
      versions: [
        [98, '{"newCourseCatalogue": false}'],
        [5, '{"newCourseCatalogue": true}'],
      ],
    },
  ];
  for (const config of configs) {
    const key = { namespaceId: demoNamespace, group: 'DEFAULT_GROUP', dataId: config.dataId };
    let id: number | undefined;
    for (const [hoursAgo, content] of config.versions) {
      const values = { appName: 'qiming-demo', tags: '', type: config.type, description: '', content, md5: contentMd5(content) };
      const at = now - hoursAgo * hour;
      const operation = id === undefined ? 'insert' : 'update';
      if (id === undefined) id = await insertConfig(db, key, values, 'sysadmin', at);
      else await updateConfig(db, id, values, 'sysadmin', at);
      await insertVersion(db, { ...key, ...values, id }, operation, 'sysadmin', at);
    }
  }
}

/** A week of sign-ins (a few mistyped passwords among them) and of changes, as the audit pages list them. */
export async function seedDemoAudit(db: Kysely<Database>, now: number, accounts: { admin: number; staff: number }): Promise<void> {
  const agent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
  const signIns: [number, string, number, 'success' | 'badCredentials'][] = [
    [160, 'sysadmin', accounts.admin, 'success'],
    [140, 'staff01', accounts.staff, 'badCredentials'],
    [139, 'staff01', accounts.staff, 'success'],
    [110, 'sysadmin', accounts.admin, 'success'],
    [90, 'staff01', accounts.staff, 'success'],
    [70, 'sysadmin', accounts.admin, 'badCredentials'],
    [69, 'sysadmin', accounts.admin, 'success'],
    [44, 'staff01', accounts.staff, 'success'],
    [27, 'sysadmin', accounts.admin, 'success'],
    [20, 'staff01', accounts.staff, 'badCredentials'],
    [19, 'staff01', accounts.staff, 'success'],
    [4, 'sysadmin', accounts.admin, 'success'],
  ];
  await db
    .insertInto('audit_login_log')
    .values(
      signIns.map(([hoursAgo, userName, accountId, result], index) => ({
        login_time: now - hoursAgo * hour,
        login_ip: `192.168.10.${20 + (index % 5)}`,
        user_name: userName,
        account_id: accountId,
        result,
        user_agent: agent,
      })),
    )
    .execute();

  const changes: [number, string, string, object][] = [
    [150, 'config:add', 'config:prod/DEFAULT_GROUP/application.yaml', { type: 'yaml' }],
    [109, 'dict:edit', 'dict:course_type', { dictName: '课程类型' }],
    [75, 'config:edit', 'config:prod/DEFAULT_GROUP/order-service.properties', { type: 'properties' }],
    [68, 'role:grant', 'role:dict_reader:operations', { operations: ['dict:view'] }],
    [52, 'config:edit', 'config:prod/DEFAULT_GROUP/application.yaml', { type: 'yaml' }],
    [26, 'serial:next', 'serial:leave_request', {}],
    [5, 'config:edit', 'config:prod/DEFAULT_GROUP/feature-flags.json', { type: 'json' }],
    [3, 'config:edit', 'config:prod/DEFAULT_GROUP/order-service.properties', { type: 'properties' }],
  ];
  await db
    .insertInto('audit_operation_log')
    .values(
      changes.map(([hoursAgo, operation, target, params]) => ({
        op_time: now - hoursAgo * hour,
        account_id: accounts.admin,
        user_name: 'sysadmin',
        operation,
        target,
        params: JSON.stringify(params),
        before_value: 'null',
        after_value: 'null',
        result: 'success' as const,
        duration_ms: 12,
      })),
    )
    .execute();
}
