import { CheckOutlined } from '@ant-design/icons';
import { Divider, Drawer, Form, Radio, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { primaryColours, type Settings, useSettingsStore } from '../../core/stores/settingsStore.ts';
import styles from './settingsDrawer.module.css';

type SwitchKey = 'compact' | 'fixedHeader' | 'fixedSidebar' | 'tagsView' | 'sidebarLogo' | 'showSettings';

const layoutSwitches: Array<{ key: SwitchKey; label: string }> = [
  { key: 'compact', label: 'shell.compact' },
  { key: 'fixedHeader', label: 'settings.fixedHeader' },
  { key: 'fixedSidebar', label: 'shell.fixedSidebar' },
  { key: 'tagsView', label: 'settings.tagsView' },
  { key: 'sidebarLogo', label: 'settings.sidebarLogo' },
];

/**
 * ant-design-pro's setting drawer: theme, primary colour, density and layout, plus every setting of spec
 * section 9. A change shows at once and is kept for the account (see settingsStore); the drawer starts closed.
 */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const settings = useSettingsStore();
  const switchRow = ({ key, label }: { key: SwitchKey; label: string }) => (
    <Form.Item key={key} label={t(label)}>
      <Switch checked={settings[key]} onChange={(checked) => settings.change(key, checked)} aria-label={t(label)} />
    </Form.Item>
  );
  return (
    <Drawer title={t('app.settings')} open={settings.drawerOpen} onClose={() => settings.setDrawerOpen(false)} size={320}>
      <Form layout="horizontal" labelCol={{ span: 14 }} labelAlign="left">
        <Form.Item label={t('shell.theme')}>
          <Radio.Group
            optionType="button"
            value={settings.theme}
            onChange={(event) => settings.change('theme', event.target.value as Settings['theme'])}
            options={[
              { value: 'light', label: t('shell.light') },
              { value: 'dark', label: t('shell.dark') },
            ]}
          />
        </Form.Item>
        <fieldset className={styles.colours}>
          <legend>{t('shell.primaryColour')}</legend>
          {Object.entries(primaryColours).map(([name, colour]) => {
            const chosen = settings.primaryColour === colour;
            return (
              <button
                key={name}
                type="button"
                className={styles.swatch}
                style={{ background: colour }}
                title={t(`shell.colours.${name}`)}
                aria-label={t(`shell.colours.${name}`)}
                aria-pressed={chosen}
                onClick={() => settings.change('primaryColour', colour)}
              >
                {chosen && <CheckOutlined />}
              </button>
            );
          })}
        </fieldset>
        <Divider titlePlacement="start">{t('shell.layoutSection')}</Divider>
        {layoutSwitches.map(switchRow)}
        <Divider titlePlacement="start">{t('shell.otherSection')}</Divider>
        {switchRow({ key: 'showSettings', label: 'settings.showSettings' })}
        <Form.Item label={t('settings.errorLog')}>
          <Switch
            checked={settings.errorLog === 'production'}
            onChange={(checked) => settings.change('errorLog', checked ? 'production' : 'never')}
            aria-label={t('settings.errorLog')}
          />
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary">{t('shell.rememberedNote')}</Typography.Paragraph>
    </Drawer>
  );
}
