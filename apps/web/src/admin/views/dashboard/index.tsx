import { type Dashboard as DashboardFigures, type DayCount, todoBuckets } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Row, Statistic, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../core/i18n/formatTimeAgo.ts';
import { api } from '../../../core/request/client.ts';
import { usePermissionStore } from '../../../core/stores/permissionStore.ts';
import { useUserStore } from '../../../core/stores/userStore.ts';
import { CategoryChart } from '../../charts/summary/CategoryChart.tsx';
import { DonutChart } from '../../charts/summary/DonutChart.tsx';
import { routeTitle } from '../../routeTitle.ts';
import { useOperationName } from '../audit/operationName.ts';
import styles from './dashboard.module.css';

// The palette's readable steps: green-8, red-7, blue-7, gold-7, grey-7.
const colours = { good: '#237804', bad: '#cf1322', blue: '#096dd9', amber: '#d48806', grey: '#8c8c8c' };
/** The to-do buckets' colours, in the buckets' order (inbox, today, next, later). */
const bucketColours = [colours.blue, colours.bad, colours.amber, colours.grey];
const shortDate = (day: DayCount) => day.date.slice(5);

/** The server's answer: on the to-dos card, the caller's open workflow tasks when they hold task:view. */
type Figures = DashboardFigures;

function Greeting() {
  const { t } = useTranslation();
  const user = useUserStore((state) => state.user);
  const routes = usePermissionStore((state) => state.routes);
  return (
    <Card>
      <h2 className={styles.welcome}>{t('dashboard.welcome', { name: user?.name ?? '' })}</h2>
      <p className={styles.intro}>{t('dashboard.intro')}</p>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('dashboard.roles')}>
          {user?.roles.map((role) => (
            <Tag key={role}>{role}</Tag>
          ))}
        </Descriptions.Item>
        <Descriptions.Item label={t('dashboard.menus')}>
          {routes.flatMap((group) =>
            (group.children ?? [group])
              .filter((route) => route.kind === 'page')
              .map((route) => (
                <Tag key={route.path}>
                  <Link to={route.path}>{routeTitle(t, route.meta)}</Link>
                </Tag>
              )),
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function TodoCard({ todos, workflowTasks }: { todos: Figures['todos']; workflowTasks?: Figures['workflowTasks'] }) {
  const { t } = useTranslation();
  const slices = todoBuckets.map((bucket, index) => ({
    name: t(`todo.buckets.${bucket}`),
    color: bucketColours[index] ?? colours.grey,
    value: todos[bucket],
  }));
  return (
    <Card title={t('dashboard.todos')} extra={<Link to="/todo">{t('dashboard.more')}</Link>} data-card="todos">
      <Row gutter={16}>
        <Col span={12}>
          <Statistic title={t('dashboard.open')} value={todos.open} />
        </Col>
        <Col span={12}>
          <Statistic
            title={t('dashboard.overdue')}
            value={todos.overdue}
            styles={{ content: { color: todos.overdue > 0 ? colours.bad : undefined } }}
          />
        </Col>
      </Row>
      {workflowTasks && (
        <Row gutter={[16, 8]} style={{ marginTop: 12 }} data-workflow-tasks>
          <Col span={12}>
            <Statistic title={t('dashboard.workflowTasks')} value={workflowTasks.total} />
          </Col>
          <Col span={12}>
            <Statistic
              title={t('dashboard.workflowOverdue')}
              value={workflowTasks.overdue}
              styles={{ content: { color: workflowTasks.overdue > 0 ? colours.bad : undefined } }}
            />
          </Col>
          <Col span={24}>
            <Link to="/bpm/todo">{t('dashboard.openWorkflowTasks')}</Link>
          </Col>
        </Row>
      )}
      <DonutChart slices={slices} label={t('dashboard.openTodos')} />
    </Card>
  );
}

function SignInCard({ signIns }: { signIns: NonNullable<DashboardFigures['signIns']> }) {
  const { t } = useTranslation();
  const series = [
    { name: t('dashboard.succeeded'), color: colours.good, values: signIns.succeeded.map((day) => day.count) },
    { name: t('dashboard.failed'), color: colours.bad, values: signIns.failed.map((day) => day.count) },
  ];
  return (
    <Card title={t('dashboard.signIns')} extra={<Link to="/audit/loginLog">{t('dashboard.more')}</Link>} data-card="signIns">
      <CategoryChart
        kind="bars"
        categories={signIns.succeeded.map(shortDate)}
        series={series}
        label={t('dashboard.signInsChart')}
        height={230}
        legend
      />
    </Card>
  );
}

function RegistryCard({ registry }: { registry: NonNullable<DashboardFigures['registry']> }) {
  const { t } = useTranslation();
  return (
    <Card title={t('dashboard.registry')} extra={<Link to="/governance/registry">{t('dashboard.more')}</Link>} data-card="registry">
      <Row gutter={16}>
        <Col span={8}>
          <Statistic title={t('dashboard.services')} value={registry.services} />
        </Col>
        <Col span={8}>
          <Statistic title={t('dashboard.healthy')} value={registry.healthy} styles={{ content: { color: colours.good } }} />
        </Col>
        <Col span={8}>
          <Statistic
            title={t('dashboard.unhealthy')}
            value={registry.unhealthy}
            styles={{ content: { color: registry.unhealthy > 0 ? colours.bad : undefined } }}
          />
        </Col>
      </Row>
    </Card>
  );
}

function ConfigCard({ changes }: { changes: NonNullable<DashboardFigures['configChanges']> }) {
  const { t } = useTranslation();
  const series = [{ name: t('dashboard.changes'), color: colours.blue, values: changes.days.map((day) => day.count) }];
  return (
    <Card title={t('dashboard.configChanges')} extra={<Link to="/governance/config">{t('dashboard.more')}</Link>} data-card="configChanges">
      <Statistic title={t('dashboard.changes')} value={changes.total} />
      <CategoryChart kind="area" categories={changes.days.map(shortDate)} series={series} label={t('dashboard.configChart')} height={180} />
    </Card>
  );
}

function RecentChangesCard({ changes }: { changes: NonNullable<DashboardFigures['recentChanges']> }) {
  const { t } = useTranslation();
  const operationName = useOperationName();
  return (
    <Card
      title={t('dashboard.recentChanges')}
      extra={<Link to="/audit/operationLog">{t('dashboard.more')}</Link>}
      data-card="recentChanges"
    >
      {changes.length === 0 ? (
        <p className={styles.changeDetail}>{t('table.empty')}</p>
      ) : (
        <ul className={styles.changes}>
          {changes.map((change) => (
            <li key={change.id} className={styles.change}>
              <div className={styles.changeTitle}>{operationName(change.operation)}</div>
              <div className={styles.changeDetail}>{`${change.userName} · ${formatDateTime(change.opTime)}`}</div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * The back-office home: a greeting, then the cards the user's grants allow (the server leaves out the
 * others), each linking to the page whose figures it shows.
 */
export default function Dashboard() {
  // Days end at the reader's midnight: the server groups by the browser's offset from UTC.
  const offset = -new Date().getTimezoneOffset();
  const figures = useQuery({
    queryKey: ['/admin/dashboard', offset],
    queryFn: () => api.get('/api/admin/dashboard', { query: { offset } }),
  });
  const data = figures.data;
  const cards: { key: string; card: ReactNode }[] = [];
  if (data) cards.push({ key: 'todos', card: <TodoCard todos={data.todos} workflowTasks={data.workflowTasks} /> });
  if (data?.signIns) cards.push({ key: 'signIns', card: <SignInCard signIns={data.signIns} /> });
  if (data?.configChanges) cards.push({ key: 'config', card: <ConfigCard changes={data.configChanges} /> });
  if (data?.registry) cards.push({ key: 'registry', card: <RegistryCard registry={data.registry} /> });
  if (data?.recentChanges) cards.push({ key: 'changes', card: <RecentChangesCard changes={data.recentChanges} /> });
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Greeting />
      </Col>
      {cards.map(({ key, card }) => (
        <Col key={key} xs={24} lg={12} xl={8}>
          {card}
        </Col>
      ))}
    </Row>
  );
}
