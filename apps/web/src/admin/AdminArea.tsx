import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Spin, theme } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { forgetSession, loadCurrentUser, loadMenus, refreshIfDue, startSessionTimers } from '../core/auth/session.ts';
import { isLoginValid, readTokens } from '../core/auth/tokenStorage.ts';
import { installErrorLog } from '../core/errors/errorLog.ts';
import { loadBackOfficeStrings } from '../core/i18n/i18n.ts';
import { navigate } from '../core/navigation.ts';
import { sendToSignInAfterLostSession } from '../core/request/client.ts';
import { AntdShell } from '../core/ui/AntdShell.tsx';
import { AdminLayout } from './layout/AdminLayout.tsx';

// The server-data cache lives with the back-office, so the sign-in page does not load it.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/**
 * The theme's text colour, size and font for everything below, as antd's `App` gives them. `App` itself is
 * left out: its message, notification and modal hooks would load with every sign-in, and the back-office
 * shows its toasts and boxes through `core/request/notify.ts`, which loads them with the first one.
 */
function ThemedText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
      {children}
    </div>
  );
}

/**
 * The back-office behind its sign-in: token -> user -> menu -> routes, then the layout. A signed-out
 * visitor on any back-office address (a bookmark, say) is sent to sign in and then on to it; whether
 * the address exists, and may be seen, is told after sign-in, inside the layout.
 */
export default function AdminArea() {
  const location = useLocation();
  // Decided once: a session that ends while the back-office is open is left by whoever ended it
  // (sign-out, a 401), which navigates away before it forgets the tokens.
  const [signedIn] = useState(() => readTokens() !== null);
  const [ready, setReady] = useState(false);

  // Once per mount, never per navigation: React Router's `useNavigate` changes with every location, and
  // a dependency on it refreshed the token, re-read the user and rebuilt the menus at each page visited;
  // a reload or sign-out landing while such a refresh was under way lost its rotated token, and the
  // server, seeing the old one again, ended the session.
  useEffect(() => {
    if (!signedIn) return;
    if (!isLoginValid()) {
      forgetSession();
      void navigate('/login?expired=1', { replace: true });
      return;
    }
    installErrorLog();
    let stopTimers: (() => void) | undefined;
    let cancelled = false;
    (async () => {
      await refreshIfDue();
      // The sign-in page loaded only its own few strings; the back-office's come now, beside the menus.
      await Promise.all([loadBackOfficeStrings(), loadMenus(await loadCurrentUser())]);
      if (cancelled) return;
      stopTimers = startSessionTimers();
      setReady(true);
    })().catch(() => {
      // Whatever the request client already did, nobody is left before a spinner that never ends.
      if (!cancelled) sendToSignInAfterLostSession();
    });
    return () => {
      cancelled = true;
      stopTimers?.();
    };
  }, [signedIn]);

  if (!signedIn) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return (
    <AntdShell themed>
      <ThemedText>
        <QueryClientProvider client={queryClient}>
          {ready ? <AdminLayout /> : <Spin size="large" style={{ display: 'block', margin: '30vh auto' }} />}
        </QueryClientProvider>
      </ThemedText>
    </AntdShell>
  );
}
