import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';

type Icon = LazyExoticComponent<ComponentType<{ className?: string }>>;

/**
 * The icons menu entries may name, each its own small chunk loaded when the menu first shows it: the
 * sidebar opens with its groups folded, so signing in loads the top level's icons, not all of them.
 */
const icons: Record<string, Icon> = {
  'bar-chart': lazy(() => import('@ant-design/icons/es/icons/BarChartOutlined')),
  branches: lazy(() => import('@ant-design/icons/es/icons/BranchesOutlined')),
  'check-circle': lazy(() => import('@ant-design/icons/es/icons/CheckCircleOutlined')),
  'deployment-unit': lazy(() => import('@ant-design/icons/es/icons/DeploymentUnitOutlined')),
  inbox: lazy(() => import('@ant-design/icons/es/icons/InboxOutlined')),
  monitor: lazy(() => import('@ant-design/icons/es/icons/MonitorOutlined')),
  partition: lazy(() => import('@ant-design/icons/es/icons/PartitionOutlined')),
  alert: lazy(() => import('@ant-design/icons/es/icons/AlertOutlined')),
  apartment: lazy(() => import('@ant-design/icons/es/icons/ApartmentOutlined')),
  api: lazy(() => import('@ant-design/icons/es/icons/ApiOutlined')),
  audit: lazy(() => import('@ant-design/icons/es/icons/AuditOutlined')),
  book: lazy(() => import('@ant-design/icons/es/icons/BookOutlined')),
  bug: lazy(() => import('@ant-design/icons/es/icons/BugOutlined')),
  build: lazy(() => import('@ant-design/icons/es/icons/BuildOutlined')),
  'check-square': lazy(() => import('@ant-design/icons/es/icons/CheckSquareOutlined')),
  cloud: lazy(() => import('@ant-design/icons/es/icons/CloudServerOutlined')),
  cluster: lazy(() => import('@ant-design/icons/es/icons/ClusterOutlined')),
  control: lazy(() => import('@ant-design/icons/es/icons/ControlOutlined')),
  appstore: lazy(() => import('@ant-design/icons/es/icons/AppstoreOutlined')),
  dashboard: lazy(() => import('@ant-design/icons/es/icons/DashboardOutlined')),
  database: lazy(() => import('@ant-design/icons/es/icons/DatabaseOutlined')),
  edit: lazy(() => import('@ant-design/icons/es/icons/EditOutlined')),
  environment: lazy(() => import('@ant-design/icons/es/icons/EnvironmentOutlined')),
  form: lazy(() => import('@ant-design/icons/es/icons/FormOutlined')),
  gateway: lazy(() => import('@ant-design/icons/es/icons/GatewayOutlined')),
  global: lazy(() => import('@ant-design/icons/es/icons/GlobalOutlined')),
  history: lazy(() => import('@ant-design/icons/es/icons/HistoryOutlined')),
  'info-circle': lazy(() => import('@ant-design/icons/es/icons/InfoCircleOutlined')),
  'line-chart': lazy(() => import('@ant-design/icons/es/icons/LineChartOutlined')),
  link: lazy(() => import('@ant-design/icons/es/icons/LinkOutlined')),
  login: lazy(() => import('@ant-design/icons/es/icons/LoginOutlined')),
  notification: lazy(() => import('@ant-design/icons/es/icons/NotificationOutlined')),
  number: lazy(() => import('@ant-design/icons/es/icons/NumberOutlined')),
  read: lazy(() => import('@ant-design/icons/es/icons/ReadOutlined')),
  setting: lazy(() => import('@ant-design/icons/es/icons/SettingOutlined')),
  solution: lazy(() => import('@ant-design/icons/es/icons/SolutionOutlined')),
  team: lazy(() => import('@ant-design/icons/es/icons/TeamOutlined')),
  user: lazy(() => import('@ant-design/icons/es/icons/UserOutlined')),
};

/** An icon the moment its chunk is in; until then an empty box of its size, so the label does not move. */
function MenuIcon({ name, className }: { name: string; className?: string }) {
  const Loaded = icons[name] ?? icons.appstore;
  if (!Loaded) return null;
  return (
    <Suspense fallback={<span className={`anticon ${className ?? ''}`} />}>
      <Loaded className={className} />
    </Suspense>
  );
}

/** The icon a menu entry names; entries naming an unknown icon get a neutral one. */
export function menuIcon(name: string | undefined): ReactNode {
  return <MenuIcon name={name ?? 'appstore'} />;
}
