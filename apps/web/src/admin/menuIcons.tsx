import {
  AppstoreOutlined,
  AuditOutlined,
  BookOutlined,
  BugOutlined,
  DashboardOutlined,
  LinkOutlined,
  LoginOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const icons: Record<string, ReactNode> = {
  audit: <AuditOutlined />,
  book: <BookOutlined />,
  bug: <BugOutlined />,
  dashboard: <DashboardOutlined />,
  link: <LinkOutlined />,
  login: <LoginOutlined />,
  setting: <SettingOutlined />,
  user: <UserOutlined />,
};

/** The icon a menu entry names; entries naming an unknown icon get a neutral one. */
export function menuIcon(name: string | undefined): ReactNode {
  return (name && icons[name]) || <AppstoreOutlined />;
}
