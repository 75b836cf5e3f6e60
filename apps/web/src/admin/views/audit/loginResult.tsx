import type { LoginResult } from '@qiming/shared';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

const statuses: Record<LoginResult, 'success' | 'warning' | 'error' | 'default'> = {
  success: 'success',
  badCredentials: 'warning',
  locked: 'error',
  keyInvalid: 'default',
  ipRefused: 'error',
  expired: 'warning',
  clientOnly: 'default',
};

export function LoginResultTag({ result }: { result: LoginResult }) {
  const { t } = useTranslation();
  return <Badge status={statuses[result]} text={t(`loginLog.results.${result}`)} />;
}
