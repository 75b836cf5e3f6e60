import type { PageResult, Region, RegionMatch } from '@qiming/shared';
import { Button, Card, Col, Descriptions, Empty, Input, Row, Space, Table, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { useAccess } from '../../../crud/Access.tsx';
import { confirmAction } from '../../../crud/confirmAction.ts';
import { RegionDialog, type RegionEditing } from './RegionDialog.tsx';

const root = '';

/**
 * The GB/T 2260 region tree, loaded a level at a time as it is opened, with a search by code or name.
 * Picking a region shows it with what may be done to it: rename, take out of use (pickers stop
 * offering it) or back, add a region below.
 */
export default function RegionPage() {
  const { t } = useTranslation();
  const can = useAccess();
  const searchId = useId();
  const [children, setChildren] = useState<Record<string, Region[]>>({});
  const [selected, setSelected] = useState<Region | null>(null);
  const [path, setPath] = useState<Region[]>([]);
  const [matches, setMatches] = useState<PageResult<RegionMatch> | null>(null);
  const [searching, setSearching] = useState(false);
  const [editing, setEditing] = useState<RegionEditing>(null);

  const loadChildren = useCallback(async (code: string) => {
    const regions = await api.get('/api/admin/regions/children', { query: { ...(code ? { code } : {}), includeDisabled: true } });
    setChildren((current) => ({ ...current, [code]: regions }));
  }, []);

  useEffect(() => {
    void loadChildren(root);
  }, [loadChildren]);

  const select = async (region: Region) => {
    setSelected(region);
    setPath(await api.get('/api/admin/regions/{code}/path', { path: { code: region.cantCode } }));
  };

  /** After a change: the region as it is now, and its level of the tree read again. */
  const refresh = async (region: Region) => {
    await loadChildren(region.superCode ?? root);
    await select(region);
  };

  const search = async (text: string) => {
    if (!text.trim()) return setMatches(null);
    setSearching(true);
    try {
      setMatches(await api.get('/api/admin/regions/search', { query: { text: text.trim(), includeDisabled: true, limit: 50 } }));
    } finally {
      setSearching(false);
    }
  };

  const setEnabled = async (region: Region, enabled: boolean) => {
    if (!(await confirmAction(t, t(enabled ? 'region.enable' : 'region.disable')))) return;
    const changed = await api.post(enabled ? '/api/admin/regions/{code}/enable' : '/api/admin/regions/{code}/disable', {
      path: { code: region.cantCode },
    });
    toastSuccess(t('confirm.success'));
    await refresh(changed);
  };

  const level = (region: Region) => t(`region.levels.${region.cantType}`);
  const status = (region: Region) => (
    <Tag color={region.enabled ? 'success' : 'default'}>{t(region.enabled ? 'region.enabled' : 'region.disabled')}</Tag>
  );
  const toNodes = (code: string): DataNode[] | undefined =>
    children[code]?.map((region) => ({
      key: region.cantCode,
      title: (
        <span>
          {region.cantName} <small>{region.cantCode}</small>
          {!region.enabled && <> ({t('region.disabled')})</>}
        </span>
      ),
      isLeaf: region.isLeaf,
      children: toNodes(region.cantCode),
    }));
  const regionByCode = (code: string) =>
    Object.values(children)
      .flat()
      .find((region) => region.cantCode === code);

  return (
    <Card
      title={t('menu.system_region')}
      extra={
        can('region:add') && (
          <Button type="primary" onClick={() => setEditing({ mode: 'add', parent: null })}>
            {t('region.addProvince')}
          </Button>
        )
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space>
          <label htmlFor={searchId}>{t('region.search')}</label>
          <Input.Search
            id={searchId}
            allowClear
            placeholder={t('region.searchHint')}
            loading={searching}
            onSearch={(text) => void search(text)}
            style={{ width: 320 }}
          />
        </Space>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            {matches ? (
              <Table<RegionMatch>
                size="small"
                rowKey="cantCode"
                dataSource={matches.records}
                pagination={false}
                footer={() => t('table.total', { total: matches.total })}
                onRow={(region) => ({ onClick: () => void select(region), style: { cursor: 'pointer' } })}
                columns={[
                  { key: 'code', title: t('region.code'), dataIndex: 'cantCode', width: 110 },
                  { key: 'name', title: t('region.name'), dataIndex: 'cantName' },
                  { key: 'path', title: t('region.path'), render: (_, region) => region.pathNames.join(' / ') },
                  { key: 'status', title: t('region.status'), render: (_, region) => status(region), width: 90 },
                ]}
              />
            ) : (
              <Tree
                aria-label={t('menu.system_region')}
                treeData={toNodes(root) ?? []}
                loadData={(node) => loadChildren(String(node.key))}
                selectedKeys={selected ? [selected.cantCode] : []}
                onSelect={(keys) => {
                  const region = keys[0] === undefined ? undefined : regionByCode(String(keys[0]));
                  if (region) void select(region);
                }}
                height={560}
              />
            )}
          </Col>
          <Col xs={24} md={12}>
            {selected ? (
              <Card size="small" title={selected.cantName} data-testid="region-detail">
                <Descriptions
                  column={1}
                  size="small"
                  items={[
                    { key: 'code', label: t('region.code'), children: selected.cantCode },
                    { key: 'short', label: t('region.shortName'), children: selected.shortName || '-' },
                    { key: 'level', label: t('region.level'), children: level(selected) },
                    { key: 'path', label: t('region.path'), children: path.map((region) => region.cantName).join(' / ') },
                    { key: 'status', label: t('region.status'), children: status(selected) },
                    { key: 'origin', label: t('region.origin'), children: t(selected.local ? 'region.local' : 'region.standard') },
                  ]}
                />
                <Space wrap style={{ marginTop: 12 }}>
                  {can('region:edit') && (
                    <Button onClick={() => setEditing({ mode: 'rename', region: selected })}>{t('table.edit')}</Button>
                  )}
                  {can('region:edit') && (
                    <Button danger={selected.enabled} onClick={() => void setEnabled(selected, !selected.enabled)}>
                      {t(selected.enabled ? 'region.disable' : 'region.enable')}
                    </Button>
                  )}
                  {can('region:add') && selected.cantType < 4 && (
                    <Button onClick={() => setEditing({ mode: 'add', parent: selected })}>{t('region.addChild')}</Button>
                  )}
                </Space>
              </Card>
            ) : (
              <Empty description={t('region.pick')} />
            )}
          </Col>
        </Row>
      </Space>
      <RegionDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(region) => {
          setEditing(null);
          toastSuccess(t('confirm.saved'));
          void refresh(region);
        }}
      />
    </Card>
  );
}
