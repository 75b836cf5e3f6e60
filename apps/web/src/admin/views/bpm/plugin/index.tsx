import { type BpmPluginButton, type BpmPluginType, optionalText, pluginButtonActions, requiredSelect, requiredText } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { bpmAccess } from '../../../bpm/bpmAccess.ts';
import { bpmApi, bpmPaths } from '../../../bpm/bpmApi.ts';
import { bpmKeyRules, variablesTextRules } from '../../../bpm/bpmRules.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import { type ResourceDeclaration, yesNoOptions } from '../../../crud/resource.ts';

function PluginButtons() {
  const { t } = useTranslation();
  const types = useQuery({ queryKey: [bpmPaths.pluginTypes, 'all'], queryFn: bpmApi.pluginTypes, staleTime: 30_000 });
  const typeName = (code: string) => types.data?.records.find((type) => type.code === code)?.name ?? code;
  const resource: ResourceDeclaration<BpmPluginButton> = {
    name: 'bpm.plugin.buttonEntity',
    apiPath: bpmPaths.pluginButtons,
    permissions: { create: bpmAccess.pluginButtonAdd, update: bpmAccess.pluginButtonEdit, delete: bpmAccess.pluginButtonDelete },
    columns: [
      { key: 'code', title: 'bpm.plugin.code' },
      { key: 'name', title: 'bpm.plugin.name' },
      { key: 'typeCode', title: 'bpm.plugin.type', render: (row) => typeName(row.typeCode) },
      { key: 'action', title: 'bpm.plugin.action', render: (row) => t(`bpm.plugin.actions.${row.action}`) },
      { key: 'variables', title: 'bpm.plugin.variables', render: (row) => <code>{JSON.stringify(row.variables)}</code> },
      { key: 'sort', title: 'bpm.plugin.sort' },
      {
        key: 'enabled',
        title: 'bpm.plugin.enabled',
        render: (row) => (row.enabled ? <Tag color="success">{t('identity.yes')}</Tag> : <Tag>{t('identity.no')}</Tag>),
      },
    ],
    searchFields: [
      { name: 'code', label: 'bpm.plugin.code' },
      { name: 'name', label: 'bpm.plugin.name' },
    ],
    formFields: [
      { name: 'code', label: 'bpm.plugin.code', rules: bpmKeyRules, readOnlyOnEdit: true },
      { name: 'name', label: 'bpm.plugin.name', rules: requiredText({ max: 50 }) },
      {
        name: 'typeCode',
        label: 'bpm.plugin.type',
        input: 'select',
        // Type names are data, not i18n keys: t() answers a missing key as itself.
        options: (types.data?.records ?? []).map((type) => ({ value: type.code, label: type.name })),
        rules: requiredSelect(),
      },
      {
        name: 'action',
        label: 'bpm.plugin.action',
        input: 'select',
        options: pluginButtonActions.map((action) => ({ value: action, label: `bpm.plugin.actions.${action}` })),
        rules: requiredSelect(),
      },
      { name: 'variables', label: 'bpm.plugin.variablesHint', input: 'code', rules: variablesTextRules },
      { name: 'sort', label: 'bpm.plugin.sort', input: 'number' },
      { name: 'enabled', label: 'bpm.plugin.enabled', input: 'select', options: yesNoOptions },
    ],
    createValues: () => ({ action: 'complete', variables: '{}', sort: 0, enabled: 'true' }),
    formValues: (row) => ({ ...row, variables: JSON.stringify(row.variables, null, 2), enabled: String(row.enabled) }),
  };
  return <ResourceTable resource={resource} />;
}

function PluginTypes() {
  const resource: ResourceDeclaration<BpmPluginType> = {
    name: 'bpm.plugin.typeEntity',
    apiPath: bpmPaths.pluginTypes,
    permissions: { create: bpmAccess.pluginTypeAdd, update: bpmAccess.pluginTypeEdit, delete: bpmAccess.pluginTypeDelete },
    columns: [
      { key: 'code', title: 'bpm.plugin.code' },
      { key: 'name', title: 'bpm.plugin.name' },
      { key: 'description', title: 'bpm.plugin.description' },
      { key: 'sort', title: 'bpm.plugin.sort' },
    ],
    searchFields: [
      { name: 'code', label: 'bpm.plugin.code' },
      { name: 'name', label: 'bpm.plugin.name' },
    ],
    formFields: [
      { name: 'code', label: 'bpm.plugin.code', rules: bpmKeyRules, readOnlyOnEdit: true },
      { name: 'name', label: 'bpm.plugin.name', rules: requiredText({ max: 50 }) },
      { name: 'description', label: 'bpm.plugin.description', input: 'textarea', rules: optionalText({ max: 200 }) },
      { name: 'sort', label: 'bpm.plugin.sort', input: 'number' },
    ],
    createValues: () => ({ sort: 0 }),
  };
  return <ResourceTable resource={resource} />;
}

/** Plugin buttons (agree, reject, return, transfer…) offered on user tasks, and the types that group them. */
export default function BpmPluginPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'buttons', label: t('bpm.plugin.buttons'), children: <PluginButtons /> },
        { key: 'types', label: t('bpm.plugin.types'), children: <PluginTypes /> },
      ]}
    />
  );
}
