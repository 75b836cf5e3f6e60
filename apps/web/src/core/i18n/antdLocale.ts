import type { Language } from '@qiming/shared';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import jaJP from 'antd/locale/ja_JP';
import zhCN from 'antd/locale/zh_CN';

export const antdLocales: Record<Language, Locale> = { en: enUS, zh: zhCN, es: esES, ja: jaJP };
