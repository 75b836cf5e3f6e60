import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BookOutlined,
  BugOutlined,
  CheckSquareOutlined,
  CloudServerOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  LinkOutlined,
  LoginOutlined,
  NumberOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const icons: Record<string, ReactNode> = {
  apartment: <ApartmentOutlined />,
  audit: <AuditOutlined />,
  book: <BookOutlined />,
  bug: <BugOutlined />,
  'check-square': <CheckSquareOutlined />,
  cloud: <CloudServerOutlined />,
  cluster: <ClusterOutlined />,
  control: <ControlOutlined />,
  dashboard: <DashboardOutlined />,
  environment: <EnvironmentOutlined />,
  link: <LinkOutlined />,
  login: <LoginOutlined />,
  number: <NumberOutlined />,
  setting: <SettingOutlined />,
  user: <UserOutlined />,
};

/** The icon a menu entry names; entries naming an unknown icon get a neutral one. */
export function menuIcon(name: string | undefined): ReactNode {
  return (name && icons[name]) || <AppstoreOutlined />;
}
