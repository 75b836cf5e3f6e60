import { CopyOutlined, DownloadOutlined, HistoryOutlined, TeamOutlined, UploadOutlined } from '@ant-design/icons';
import { type ConfigItem, configContentTypes, governanceRules } from '@qiming/shared';
import { Button, Drawer, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { http } from '../../../../core/request/client.ts';
import { toastWarning } from '../../../../core/request/notify.ts';
import { Access } from '../../../crud/Access.tsx';
import { saveBlob } from '../../../crud/dataProvider.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';
import { useNamespacePicker } from '../shared/namespaces.tsx';
import { ConfigHistory } from './ConfigHistory.tsx';
import { ConfigListeners } from './ConfigListeners.tsx';
import { CloneDialog, ImportDialog } from './TransferDialogs.tsx';

type Panel = { kind: 'history' | 'listeners'; config: ConfigItem } | null;

export default function ConfigPage() {
  const { t } = useTranslation();
  const { namespaceId, namespaces, picker, ready } = useNamespacePicker('configCount');
  const [panel, setPanel] = useState<Panel>(null);
  const [importing, setImporting] = useState(false);
  const [cloning, setCloning] = useState<number[] | null>(null);
  const [generation, setGeneration] = useState(0);
  const namespace = namespaces.find((candidate) => candidate.namespaceId === namespaceId);

  const exportZip = async (ids: number[]) => {
    saveBlob(await http.download(`/admin/configs/${namespaceId}/archive`, ids.length > 0 ? { ids } : {}), `${namespaceId}-configs.zip`);
  };

  const configs: ResourceDeclaration<ConfigItem> = {
    name: 'governance.config',
    apiPath: `/admin/configs/${namespaceId}/items`,
    permissions: { create: 'config:add', update: 'config:edit', delete: 'config:delete' },
    columns: [
      { key: 'dataId', title: 'governance.dataId', sortable: true },
      { key: 'group', title: 'governance.group', sortable: true },
      { key: 'appName', title: 'governance.appName' },
      { key: 'type', title: 'governance.type', width: 100 },
      { key: 'updatedBy', title: 'governance.updatedBy', width: 110 },
      { key: 'updatedAt', title: 'governance.updatedAt', sortable: true, render: (row) => formatDateTime(row.updatedAt) },
    ],
    searchFields: [
      { name: 'dataId', label: 'governance.dataId' },
      { name: 'group', label: 'governance.group' },
      { name: 'appName', label: 'governance.appName' },
      { name: 'tags', label: 'governance.tags' },
    ],
    formFields: [
      { name: 'dataId', label: 'governance.dataId', rules: governanceRules.dataId, readOnlyOnEdit: true },
      { name: 'group', label: 'governance.group', rules: governanceRules.groupName, readOnlyOnEdit: true },
      {
        name: 'type',
        label: 'governance.type',
        input: 'select',
        options: configContentTypes.map((type) => ({ value: type, label: type })),
      },
      { name: 'appName', label: 'governance.appName', rules: governanceRules.appName },
      { name: 'tags', label: 'governance.tags', rules: governanceRules.tags },
      { name: 'description', label: 'governance.description', rules: governanceRules.description, input: 'textarea' },
      { name: 'content', label: 'governance.content', rules: governanceRules.content, input: 'code' },
    ],
    rowActions: (row) => (
      <>
        <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => setPanel({ kind: 'history', config: row })}>
          {t('governance.history')}
        </Button>
        <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => setPanel({ kind: 'listeners', config: row })}>
          {t('governance.listeners')}
        </Button>
      </>
    ),
    toolbar: ({ selected }) => (
      <>
        <Access code="config:export">
          <Button icon={<DownloadOutlined />} onClick={() => void exportZip(selected)}>
            {t('governance.exportZip')}
          </Button>
        </Access>
        <Access code="config:add">
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('governance.importZip')}
          </Button>
          <Button
            icon={<CopyOutlined />}
            onClick={() => (selected.length > 0 ? setCloning(selected) : toastWarning(t('validation.nothingSelected')))}
          >
            {t('governance.clone')}
          </Button>
        </Access>
      </>
    ),
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {picker}
      {ready && <ResourceTable key={`${namespaceId}-${generation}`} resource={configs} />}
      <Drawer
        title={
          panel
            ? t(panel.kind === 'history' ? 'governance.historyOf' : 'governance.listenersOf', {
                name: `${panel.config.group}/${panel.config.dataId}`,
              })
            : ''
        }
        open={panel !== null}
        onClose={() => setPanel(null)}
        size={900}
        destroyOnHidden
      >
        {panel?.kind === 'history' && (
          <ConfigHistory namespaceId={namespaceId} config={panel.config} onRolledBack={() => setGeneration((value) => value + 1)} />
        )}
        {panel?.kind === 'listeners' && <ConfigListeners namespaceId={namespaceId} config={panel.config} />}
      </Drawer>
      {namespace && (
        <ImportDialog
          namespace={namespace}
          open={importing}
          onClose={() => setImporting(false)}
          onDone={() => setGeneration((value) => value + 1)}
        />
      )}
      <CloneDialog
        from={namespaceId}
        ids={cloning ?? []}
        namespaces={namespaces}
        open={cloning !== null}
        onClose={() => setCloning(null)}
      />
    </Space>
  );
}
