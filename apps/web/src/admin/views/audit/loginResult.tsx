import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

/** One sign-in attempt as the login log and the profile page list it. */
export interface LoginLogRow {
  id: number;
  loginTime: number;
  loginIp: string;
  userName: string;
  result: keyof typeof statuses;
  userAgent: string;
}

const statuses = {
  success: 'success',
  badCredentials: 'warning',
  locked: 'error',
  keyInvalid: 'default',
  ipRefused: 'error',
  expired: 'warning',
  clientOnly: 'default',
} as const;
export const loginResults = Object.keys(statuses) as Array<keyof typeof statuses>;

export function LoginResultTag({ result }: { result: LoginLogRow['result'] }) {
  const { t } = useTranslation();
  return <Badge status={statuses[result]} text={t(`loginLog.results.${result}`)} />;
}
