import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { fieldRules } from '@qiming/shared';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import '../core/i18n/i18n.ts';
import { signIn } from '../core/auth/session.ts';
import { RequestError } from '../core/request/client.ts';
import { AntdShell } from '../core/ui/AntdShell.tsx';
import { antdRules } from '../core/ui/antdRules.ts';
import { LanguageLinks } from '../core/ui/LanguageLinks.tsx';
import styles from './loginPage.module.css';

interface Credentials {
  userName: string;
  password: string;
}

function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [capsLock, setCapsLock] = useState(false);

  const submit = async ({ userName, password }: Credentials) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await signIn(userName, password);
      const target = search.get('redirect');
      navigate(target?.startsWith('/') ? target : '/dashboard', { replace: true });
    } catch (error) {
      setFailure(error instanceof RequestError ? error.message : t('request.requestError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={styles.page}>
      <div className={styles.tools}>
        <LanguageLinks />
      </div>
      {/* A plain panel and heading: antd's Card and Typography would add their code to the sign-in page. */}
      <section className={styles.card} aria-labelledby="login-title">
        <h1 id="login-title" className={styles.title}>
          {t('login.title')}
        </h1>
        {/* Whatever ended the session (expiry, sign-out elsewhere, an administrator, a server restarted on new data), the user is told. */}
        {search.get('expired') && (
          <Alert
            type="warning"
            showIcon
            title={t('login.sessionExpired')}
            description={t('shell.sessionEndedDetail')}
            className={styles.alert}
          />
        )}
        {failure && <Alert type="error" showIcon title={failure} className={styles.alert} role="alert" />}
        <Form<Credentials> layout="vertical" size="large" onFinish={submit} requiredMark={false}>
          <Form.Item name="userName" label={t('login.username')} rules={antdRules(fieldRules.userName, t)}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
            extra={capsLock ? t('login.capsLock') : undefined}
          >
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              onKeyUp={(event) => setCapsLock(event.getModifierState('CapsLock'))}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('login.logIn')}
          </Button>
        </Form>
        <p className={styles.back}>
          <Link to="/homePage">{t('login.backToSite')}</Link>
        </p>
      </section>
    </main>
  );
}

export default function LoginPage() {
  return (
    <AntdShell>
      <LoginForm />
    </AntdShell>
  );
}
