import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { identityRules, type Organ, type Structure } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Select, Space, Tabs, Tree, type TreeProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { Access } from '../../../crud/Access.tsx';
import { confirmAndDelete } from '../../../crud/dataProvider.ts';
import { ResourceFormDialog } from '../../../crud/ResourceFormDialog.tsx';
import type { FieldDeclaration } from '../../../crud/resource.ts';
import { useSubmit } from '../../../crud/useSubmit.ts';
import { flattenOrgans, organOptions, scopeStructure, useOrganTree } from '../shared/organTree.ts';
import { OrganPositions } from './OrganPositions.tsx';
import { OrganStaff } from './OrganStaff.tsx';
import { OrganTypes, useOrganTypes } from './OrganTypes.tsx';

type Dialog =
  | { kind: 'organ'; parentOrganId: number | null; organ?: Organ }
  | { kind: 'structure'; structure?: Structure }
  | { kind: 'place' }
  | null;

export default function OrganPage() {
  const { t } = useTranslation();
  const [struType, setStruType] = useState(scopeStructure);
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { busy: saving, submit } = useSubmit();
  const tree = useOrganTree(struType);
  const structures = useQuery({
    queryKey: ['/admin/structures'],
    queryFn: () => api.get('/api/admin/structures'),
  });
  const types = useOrganTypes();
  const structure = structures.data?.records.find((candidate) => candidate.struType === struType);
  const organs = flattenOrgans(tree.data ?? []);
  const adminTree = useOrganTree(scopeStructure);
  const placeable = flattenOrgans(adminTree.data ?? []).filter((organ) => !organs.some((placed) => placed.id === organ.id));
  const current = organs.find((organ) => organ.id === selected);

  const fields: Record<Exclude<Dialog, null>['kind'], FieldDeclaration[]> = {
    organ: [
      { name: 'organCode', label: 'identity.organCode', rules: identityRules.code },
      { name: 'organName', label: 'identity.organName', rules: identityRules.name },
      { name: 'shortName', label: 'identity.shortName', rules: identityRules.shortName },
      {
        name: 'typeCode',
        label: 'identity.typeCode',
        input: 'select',
        readOnlyOnEdit: true,
        options: (types.data?.records ?? []).map((type) => ({ value: type.typeCode, label: type.typeName })),
      },
      { name: 'principalName', label: 'identity.principalName', rules: identityRules.principalName },
    ],
    place: [
      {
        name: 'organId',
        label: 'identity.organ',
        input: 'select',
        options: placeable.map((organ) => ({ value: String(organ.id), label: organ.organName })),
      },
    ],
    structure: [
      { name: 'struType', label: 'identity.structureCode', rules: identityRules.code, readOnlyOnEdit: true },
      { name: 'struTypeName', label: 'identity.structureName', rules: identityRules.name },
    ],
  };

  const save = async (values: Record<string, unknown>) => {
    if (!dialog) return;
    await submit(async () => {
      if (dialog.kind === 'organ' && dialog.organ)
        await api.put('/api/admin/organs/{id}', { path: { id: dialog.organ.id }, body: { ...values, typeCode: dialog.organ.typeCode } });
      else if (dialog.kind === 'organ')
        await api.post('/api/admin/organs', { body: { ...values, struType, parentOrganId: dialog.parentOrganId ?? '' } });
      else if (dialog.kind === 'structure' && dialog.structure)
        await api.put('/api/admin/structures/{id}', { path: { id: dialog.structure.id }, body: { struTypeName: values.struTypeName } });
      else if (dialog.kind === 'structure') await api.post('/api/admin/structures', { body: values });
      else
        await api.post('/api/admin/organs/{id}/place', {
          path: { id: Number(values.organId) },
          body: { struType, parentOrganId: selected ?? '' },
        });
      toastSuccess(t('confirm.saved'));
      setDialog(null);
      await Promise.all([tree.refetch(), structures.refetch()]);
    });
  };

  /** The administrative structure is built in; any other goes with its placements, the organs stay. */
  const removeStructure = async () => {
    if (!structure) return;
    if (!(await confirmAndDelete(t, '/admin/structures/delete', [structure.id]))) return;
    setStruType(scopeStructure);
    setSelected(null);
    await structures.refetch();
  };

  const remove = async () => {
    if (!current) return;
    if (!(await confirmAndDelete(t, '/admin/organs/delete', [current.id]))) return;
    setSelected(null);
    await tree.refetch();
  };

  /** Dropped onto a node: it becomes the parent; dropped between nodes: same parent, at that position. */
  const onDrop: TreeProps['onDrop'] = async (info) => {
    const dragged = Number(info.dragNode.key);
    const target = organs.find((organ) => organ.id === Number(info.node.key));
    if (!target) return;
    const parentOrganId = info.dropToGap ? target.parentOrganId : target.id;
    const siblings = organs.filter((organ) => organ.parentOrganId === parentOrganId && organ.id !== dragged);
    // antd gives the drop position as an index among the target's siblings: -1 above it, +1 below it.
    const below = info.dropPosition - Number(info.node.pos.split('-').at(-1)) > 0;
    const index = info.dropToGap ? siblings.findIndex((organ) => organ.id === target.id) + (below ? 1 : 0) : 0;
    try {
      await api.post('/api/admin/organs/{id}/place', {
        path: { id: dragged },
        body: { struType, parentOrganId: parentOrganId ?? '', index: Math.max(index, 0) },
      });
    } finally {
      await tree.refetch();
    }
  };

  const existing = dialog?.kind === 'organ' ? dialog.organ : dialog?.kind === 'structure' ? dialog.structure : undefined;
  const title =
    dialog?.kind === 'structure'
      ? t(existing ? 'identity.renameStructure' : 'identity.addStructure')
      : t(existing ? 'table.editTitle' : 'table.createTitle', { name: t('identity.organ') });

  return (
    <Row gutter={16}>
      <Col xs={24} md={10}>
        <Card
          title={t('identity.organs')}
          extra={
            <Select
              aria-label={t('identity.structure')}
              value={struType}
              onChange={(value) => {
                setStruType(value);
                setSelected(null);
              }}
              options={(structures.data?.records ?? []).map((option) => ({ value: option.struType, label: option.struTypeName }))}
              style={{ minWidth: 140 }}
            />
          }
          actions={[
            <Access key="add" code="organ:add">
              <Button type="link" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'structure' })}>
                {t('identity.addStructure')}
              </Button>
            </Access>,
            <Access key="rename" code="organ:edit">
              <Button type="link" icon={<EditOutlined />} disabled={!structure} onClick={() => setDialog({ kind: 'structure', structure })}>
                {t('identity.renameStructure')}
              </Button>
            </Access>,
            ...(struType === scopeStructure
              ? []
              : [
                  <Access key="delete" code="organ:delete">
                    <Button type="link" danger icon={<DeleteOutlined />} onClick={() => void removeStructure()}>
                      {t('identity.deleteStructure')}
                    </Button>
                  </Access>,
                ]),
          ]}
        >
          <Access code="organ:add">
            <Space wrap style={{ marginBottom: 12 }}>
              <Button icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'organ', parentOrganId: null })}>
                {t('identity.addRoot')}
              </Button>
              <Button icon={<PlusOutlined />} disabled={!current} onClick={() => setDialog({ kind: 'organ', parentOrganId: selected })}>
                {t('identity.addChild')}
              </Button>
            </Space>
          </Access>
          <Access code="organ:edit">
            <Space wrap style={{ marginBottom: 12 }}>
              {struType !== scopeStructure && (
                <Button icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'place' })}>
                  {t('identity.placeExisting')}
                </Button>
              )}
            </Space>
          </Access>
          <Space wrap style={{ marginBottom: 12 }}>
            <Access code="organ:edit">
              <Button
                icon={<EditOutlined />}
                disabled={!current}
                onClick={() => current && setDialog({ kind: 'organ', parentOrganId: current.parentOrganId, organ: current })}
              >
                {t('table.edit')}
              </Button>
            </Access>
            <Access code="organ:delete">
              <Button danger icon={<DeleteOutlined />} disabled={!current} onClick={() => void remove()}>
                {t('table.delete')}
              </Button>
            </Access>
          </Space>
          <Typography.Paragraph type="secondary">{t('identity.dragHint')}</Typography.Paragraph>
          <Tree
            aria-label={t('identity.organs')}
            treeData={organOptions(tree.data ?? [])}
            defaultExpandAll
            key={`${struType}-${organs.length}`}
            draggable
            blockNode
            selectedKeys={selected === null ? [] : [selected]}
            onSelect={(keys) => setSelected(keys.length > 0 ? Number(keys[0]) : null)}
            onDrop={(info) => void onDrop(info)}
          />
        </Card>
      </Col>
      <Col xs={24} md={14}>
        <Tabs
          items={[
            {
              key: 'positions',
              label: t('identity.positions'),
              children: current ? <OrganPositions organId={current.id} /> : <Empty description={t('identity.noOrgan')} />,
            },
            {
              key: 'staff',
              label: t('identity.staff'),
              children: current ? <OrganStaff organId={current.id} /> : <Empty description={t('identity.noOrgan')} />,
            },
            { key: 'types', label: t('identity.organTypes'), children: <OrganTypes /> },
          ]}
        />
      </Col>
      <ResourceFormDialog
        formName={`organ-${dialog?.kind ?? 'none'}`}
        title={title}
        open={dialog !== null}
        fields={dialog ? fields[dialog.kind] : []}
        initialValues={existing ? { ...existing } : undefined}
        editing={existing !== undefined}
        saving={saving}
        onSave={(values) => void save(values)}
        onClose={() => setDialog(null)}
      />
    </Row>
  );
}
