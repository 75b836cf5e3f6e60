import type { Language } from '@qiming/shared';
import { ConfigProvider, type ThemeConfig, theme } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { antdLocales } from '../i18n/antdLocale.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { useAppStore } from '../stores/appStore.ts';
import { type Settings, useSettingsStore } from '../stores/settingsStore.ts';
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

/** `#rrggbb` moved `share` of the way to white: links on a dark background need the light end of their colour. */
function towardsWhite(hex: string, share: number): string {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `#${channels
    .map((value) =>
      Math.round(value + (255 - value) * share)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * The user's look from the settings drawer. Dark keeps only the primary colour and the font size: the
 * light theme's darkened text and status colours would fall below contrast on a dark background, where
 * antd's dark algorithm derives its own.
 */
export function userTheme(look: Pick<Settings, 'theme' | 'primaryColour' | 'compact'>, reducedMotion: boolean): ThemeConfig {
  const dark = look.theme === 'dark';
  const base = dark
    ? {
        colorPrimary: look.primaryColour,
        colorLink: towardsWhite(look.primaryColour, 0.55),
        // antd's dark red (#dc4446) reaches 4.3:1 on the dark background, its placeholders 2.2:1.
        colorError: '#ff7875',
        colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
        colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
        colorTextDescription: 'rgba(255, 255, 255, 0.6)',
        fontSize: 12,
      }
    : { ...brandTheme.token, colorPrimary: look.primaryColour, colorLink: look.primaryColour };
  const algorithm = [dark ? theme.darkAlgorithm : theme.defaultAlgorithm, ...(look.compact ? [theme.compactAlgorithm] : [])];
  // A selected tab's text is the primary colour, too dark to read on a dark background: it takes the link's.
  // Tags write in the dark palette's 7th step, which for 'in progress' (3.4:1 on its tint), purple (3.4) and
  // geek blue (4.2) is too dark: those take the lighter 8th step (7.1, 5.7 and 6.9).
  const components = dark
    ? {
        Tabs: { itemSelectedColor: base.colorLink, itemHoverColor: base.colorLink, itemActiveColor: base.colorLink },
        Tag: { colorInfo: '#65a9f3', purple7: '#ab7ae0', geekblue7: '#7f9ef3' },
        // White on the dark red of a danger button (#dc6966) reaches 3.4:1; dark text reaches 5.9:1.
        Button: { dangerColor: 'rgba(0, 0, 0, 0.88)' },
        // A selected row's blue (#112f4f) leaves a row's red 'Delete' link at 4.1:1; a deeper blue, 5.1:1.
        Table: { rowSelectedBg: '#111d2c' },
      }
    : {};
  return { algorithm, components, token: { ...base, ...(reducedMotion ? { motion: false } : {}) } };
}

// Modal.confirm, Modal.info and message render outside the React tree: without this they would show
// antd's default colours (below contrast), English buttons, another theme than the user's and
// animations a reduced-motion user refused.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={antdLocales[currentLanguage()]} theme={userTheme(useSettingsStore.getState(), prefersReducedMotion())}>
      {children}
    </ConfigProvider>
  ),
});

/**
 * antd theme (#1890ff, size from the cookie, locale following the UI language, motion as the system asks);
 * `themed` applies the signed-in user's theme, colour and density from the settings drawer.
 */
export function AntdShell({ children, themed = false }: { children: ReactNode; themed?: boolean }) {
  const { i18n } = useTranslation();
  const size = useAppStore((state) => state.size);
  const reducedMotion = usePrefersReducedMotion();
  const look = useSettingsStore(useShallow(({ theme, primaryColour, compact }) => ({ theme, primaryColour, compact })));
  const shown = useMemo(() => (themed ? userTheme(look, reducedMotion) : themeFor(reducedMotion)), [themed, look, reducedMotion]);
  return (
    <ConfigProvider
      locale={antdLocales[i18n.language as Language]}
      componentSize={size}
      theme={shown}
      modal={{ mask: { closable: false } }}
    >
      {children}
    </ConfigProvider>
  );
}
