import type { Language } from '@qiming/shared';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocales } from '../i18n/antdLocale.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { useAppStore } from '../stores/appStore.ts';
import { prefersReducedMotion, usePrefersReducedMotion } from './reducedMotion.ts';

/**
 * The spec's theme colour is #1890ff (antd blue-6), but white text on it or it on white reaches only
 * 3.2:1. Everything that carries text uses the next step of the same palette, blue-7 #096dd9 (5.0:1),
 * and secondary text and the danger red are darkened to pass WCAG AA; #1890ff stays the brand mark's colour.
 */
const brandTheme = {
  token: {
    colorPrimary: '#096dd9',
    // Hover darkens rather than lightens, so a hovered button keeps its contrast.
    colorPrimaryHover: '#0958d9',
    colorLink: '#096dd9',
    colorError: '#cf1322',
    // antd's green (#52c41a) as tag text reaches 2.1:1 on its own tint; green-8 reaches 6:1.
    colorSuccess: '#237804',
    // Tints derived from these darker seeds come out grey (green text on #adb8a5 reaches 2.7:1); the
    // tints of antd's own palette keep status tags and alerts light.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    // 'In progress' tags: antd's #1677ff reaches 3.7:1 on its light tint, #0958d9 5.5:1.
    colorInfo: '#0958d9',
    colorInfoBg: '#e6f4ff',
    colorInfoBorder: '#91caff',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    fontSize: 12,
  },
};

const stillTheme = { token: { ...brandTheme.token, motion: false } };
const themeFor = (reducedMotion: boolean) => (reducedMotion ? stillTheme : brandTheme);

// Modal.confirm, Modal.info and message render outside the React tree: without this they would show
// antd's default colours (below contrast), English buttons and animations a reduced-motion user refused.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={antdLocales[currentLanguage()]} theme={themeFor(prefersReducedMotion())}>
      {children}
    </ConfigProvider>
  ),
});

/** antd theme (#1890ff, size from the cookie, locale following the UI language, motion as the system asks). */
export function AntdShell({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const size = useAppStore((state) => state.size);
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={antdLocales[i18n.language as Language]}
      componentSize={size}
      theme={themeFor(reducedMotion)}
      modal={{ mask: { closable: false } }}
    >
      {children}
    </ConfigProvider>
  );
}
