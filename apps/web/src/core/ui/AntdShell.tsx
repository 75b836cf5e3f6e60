import type { Language } from '@qiming/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocales } from '../i18n/antdLocale.ts';
import { useAppStore } from '../stores/appStore.ts';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/** antd theme (#1890ff, size from the cookie, locale following the UI language) and server-data cache. */
export function AntdShell({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const size = useAppStore((state) => state.size);
  return (
    <ConfigProvider
      locale={antdLocales[i18n.language as Language]}
      componentSize={size}
      theme={{ token: { colorPrimary: '#1890ff', fontSize: 12 } }}
      modal={{ mask: { closable: false } }}
    >
      <App>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
