import { fieldRules, firstBrokenRule } from '@qiming/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import '../core/i18n/i18n.ts';
import { LanguageLinks } from '../core/ui/LanguageLinks.tsx';
import styles from './loginPage.module.css';

type Problems = { userName?: string; password?: string };

/**
 * The sign-in protocol and the request client (axios) are a third of what the page would load: they come
 * as the user starts typing, so the page opens without them and the answer to "Sign in" does not wait.
 */
let signingIn: Promise<[typeof import('../core/auth/session.ts'), typeof import('../core/request/client.ts')]> | undefined;
const loadSignIn = () => {
  signingIn ??= Promise.all([import('../core/auth/session.ts'), import('../core/request/client.ts')]).catch((error: unknown) => {
    // A load the network lost is tried again at the next keystroke or "Sign in".
    signingIn = undefined;
    throw error;
  });
  return signingIn;
};

/**
 * The sign-in page in plain HTML and a CSS module: antd's Form, Input, Button and Alert with their
 * styling engine were two thirds of the page's script, and a user signing in needs none of it.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [capsLock, setCapsLock] = useState(false);
  const [values, setValues] = useState({ userName: '', password: '' });
  // Fields are checked as the user types only after a first attempt, as antd's forms do.
  const [tried, setTried] = useState(false);

  const check = (candidate: typeof values): Problems => {
    const broken = firstBrokenRule(fieldRules.userName, candidate.userName);
    return {
      userName: broken ? t(broken.message, broken.params) : undefined,
      password: candidate.password ? undefined : t('login.passwordRequired'),
    };
  };
  const problems = tried ? check(values) : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = check(values);
    if (found.userName || found.password) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const [{ signIn }] = await loadSignIn();
      await signIn(values.userName, values.password);
      const target = search.get('redirect');
      navigate(target?.startsWith('/') ? target : '/dashboard', { replace: true });
    } catch (error) {
      const explained = await loadSignIn().then(
        ([, { RequestError }]) => error instanceof RequestError,
        () => false,
      );
      setFailure(explained ? (error as Error).message : t('request.requestError'));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof values, label: string, input: { type: string; autoComplete: string; autoFocus?: boolean }) => {
    const problem = problems[name];
    const hint = name === 'password' && capsLock ? t('login.capsLock') : undefined;
    return (
      <div className={styles.field}>
        <label htmlFor={`login-${name}`}>{label}</label>
        <input
          id={`login-${name}`}
          name={name}
          className={problem ? `${styles.input} ${styles.inputInvalid}` : styles.input}
          {...input}
          value={values[name]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem || hint ? `login-${name}-note` : undefined}
          onChange={(event) => {
            loadSignIn().catch(() => undefined);
            setValues({ ...values, [name]: event.target.value });
          }}
          onKeyUp={name === 'password' ? (event) => setCapsLock(event.getModifierState('CapsLock')) : undefined}
        />
        {(problem || hint) && (
          <div id={`login-${name}-note`} className={problem ? styles.problem : styles.hint}>
            {problem ?? hint}
          </div>
        )}
      </div>
    );
  };

  return (
    <main className={styles.page}>
      <div className={styles.tools}>
        <LanguageLinks />
      </div>
      <section className={styles.card} aria-labelledby="login-title">
        <h1 id="login-title" className={styles.title}>
          {t('login.title')}
        </h1>
        {/* Whatever ended the session (expiry, sign-out elsewhere, an administrator, a server restarted on new data), the user is told. */}
        {search.get('expired') && (
          <div className={`${styles.notice} ${styles.warning}`} role="status">
            <strong>{t('login.sessionExpired')}</strong>
            <p>{t('login.sessionEndedDetail')}</p>
          </div>
        )}
        {failure && (
          <div className={`${styles.notice} ${styles.error}`} role="alert">
            {failure}
          </div>
        )}
        <form onSubmit={submit} noValidate>
          {field('userName', t('login.username'), { type: 'text', autoComplete: 'username', autoFocus: true })}
          {field('password', t('login.password'), { type: 'password', autoComplete: 'current-password' })}
          <button type="submit" className={styles.submit} disabled={busy} aria-busy={busy}>
            {t('login.logIn')}
          </button>
        </form>
        <p className={styles.back}>
          <Link to="/homePage">{t('login.backToSite')}</Link>
        </p>
      </section>
    </main>
  );
}
