import { Drawer, Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Settings, useSettingsStore } from '../../core/stores/settingsStore.ts';

const switches: Array<{ key: Exclude<keyof Settings, 'errorLog'>; label: string }> = [
  { key: 'tagsView', label: 'settings.tagsView' },
  { key: 'fixedHeader', label: 'settings.fixedHeader' },
  { key: 'sidebarLogo', label: 'settings.sidebarLogo' },
  { key: 'showSettings', label: 'settings.showSettings' },
];

/** Every setting of spec section 9; the drawer itself starts closed. */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const settings = useSettingsStore();
  return (
    <Drawer title={t('app.settings')} open={settings.drawerOpen} onClose={() => settings.setDrawerOpen(false)} size={300}>
      <Form layout="horizontal" labelCol={{ span: 16 }} labelAlign="left">
        {switches.map(({ key, label }) => (
          <Form.Item key={key} label={t(label)}>
            <Switch checked={settings[key]} onChange={(checked) => settings.change(key, checked)} aria-label={t(label)} />
          </Form.Item>
        ))}
        <Form.Item label={t('settings.errorLog')}>
          <Switch
            checked={settings.errorLog === 'production'}
            onChange={(checked) => settings.change('errorLog', checked ? 'production' : 'never')}
            aria-label={t('settings.errorLog')}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
