import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { identityRules, type Organ, type OrganPosition, type OrganType, type Staff, type Structure } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Select, Space, Table, Tabs, Tree, type TreeProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { Access } from '../../../crud/Access.tsx';
import { confirmAndDelete } from '../../../crud/dataProvider.ts';
import { ResourceFormDialog } from '../../../crud/ResourceFormDialog.tsx';
import type { FieldDeclaration } from '../../../crud/resource.ts';
import { useSubmit } from '../../../crud/useSubmit.ts';
import { flattenOrgans, organOptions, useOrganTree } from '../shared/organTree.ts';

type Dialog =
  | { kind: 'organ'; parentOrganId: number | null; organ?: Organ }
  | { kind: 'position' }
  | { kind: 'staff' }
  | { kind: 'type' }
  | { kind: 'structure' }
  | { kind: 'place' }
  | null;

export default function OrganPage() {
  const { t } = useTranslation();
  const [struType, setStruType] = useState('admin');
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { busy: saving, submit } = useSubmit();
  const tree = useOrganTree(struType);
  const structures = useQuery({ queryKey: ['/admin/structures'], queryFn: () => http.get<Structure[]>('/admin/structures') });
  const types = useQuery({ queryKey: ['/admin/organ-types'], queryFn: () => http.get<OrganType[]>('/admin/organ-types') });
  const positions = useQuery({
    queryKey: ['/admin/positions', selected],
    queryFn: () => http.get<{ records: OrganPosition[] }>('/admin/positions', { organId: selected }),
    enabled: selected !== null,
  });
  const staff = useQuery({
    queryKey: ['/admin/staff', selected],
    queryFn: () => http.get<{ records: Staff[] }>('/admin/staff', { organId: selected }),
    enabled: selected !== null,
  });
  const organs = flattenOrgans(tree.data ?? []);
  const adminTree = useOrganTree('admin');
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
        options: (types.data ?? []).map((type) => ({ value: type.typeCode, label: type.typeName })),
      },
      { name: 'principalName', label: 'identity.principalName', rules: identityRules.principalName },
    ],
    position: [
      { name: 'positionCode', label: 'identity.positionCode', rules: identityRules.code },
      { name: 'positionName', label: 'identity.positionName', rules: identityRules.name },
    ],
    staff: [
      { name: 'staffCode', label: 'identity.staffCode', rules: identityRules.code },
      { name: 'staffName', label: 'identity.staffName', rules: identityRules.name },
      {
        name: 'positionId',
        label: 'identity.position',
        input: 'select',
        options: (positions.data?.records ?? []).map((position) => ({ value: String(position.id), label: position.positionName })),
      },
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
      { name: 'struType', label: 'identity.structureCode', rules: identityRules.code },
      { name: 'struTypeName', label: 'identity.structureName', rules: identityRules.name },
    ],
    type: [
      { name: 'typeCode', label: 'identity.typeCode', rules: identityRules.typeCode },
      { name: 'typeName', label: 'identity.typeName', rules: identityRules.name },
      {
        name: 'parentTypeCode',
        label: 'identity.parentTypeCode',
        input: 'select',
        options: (types.data ?? []).map((type) => ({ value: type.typeCode, label: type.typeName })),
      },
    ],
  };

  const save = async (values: Record<string, unknown>) => {
    if (!dialog) return;
    await submit(async () => {
      if (dialog.kind === 'organ' && dialog.organ)
        await http.put(`/admin/organs/${dialog.organ.id}`, { ...values, typeCode: dialog.organ.typeCode });
      else if (dialog.kind === 'organ')
        await http.post('/admin/organs', { ...values, struType, parentOrganId: dialog.parentOrganId ?? '' });
      else if (dialog.kind === 'position') await http.post('/admin/positions', { ...values, organId: selected });
      else if (dialog.kind === 'staff') await http.post('/admin/staff', { ...values, organId: selected });
      else if (dialog.kind === 'structure') await http.post('/admin/structures', values);
      else if (dialog.kind === 'place')
        await http.post(`/admin/organs/${values.organId}/place`, { struType, parentOrganId: selected ?? '' });
      else await http.post('/admin/organ-types', values);
      toastSuccess(t('confirm.saved'));
      setDialog(null);
      await Promise.all([
        tree.refetch(),
        types.refetch(),
        structures.refetch(),
        ...(selected === null ? [] : [positions.refetch(), staff.refetch()]),
      ]);
    });
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
      await http.post(`/admin/organs/${dragged}/place`, { struType, parentOrganId: parentOrganId ?? '', index: Math.max(index, 0) });
    } finally {
      await tree.refetch();
    }
  };

  const title =
    dialog?.kind === 'organ' && dialog.organ
      ? t('table.editTitle', { name: t('identity.organ') })
      : t('table.createTitle', {
          name: t(
            dialog?.kind === 'position'
              ? 'identity.position'
              : dialog?.kind === 'staff'
                ? 'identity.employee'
                : dialog?.kind === 'type'
                  ? 'identity.typeName'
                  : 'identity.organ',
          ),
        });

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
              options={(structures.data ?? []).map((structure) => ({ value: structure.struType, label: structure.struTypeName }))}
              style={{ minWidth: 140 }}
            />
          }
          actions={[
            <Access key="structure" code="organ:add">
              <Button type="link" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'structure' })}>
                {t('identity.addStructure')}
              </Button>
            </Access>,
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
              {struType !== 'admin' && (
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
              children: current ? (
                <>
                  <Access code="organ:add">
                    <Button icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'position' })} style={{ marginBottom: 12 }}>
                      {t('table.add')}
                    </Button>
                  </Access>
                  <Table<OrganPosition>
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={positions.data?.records ?? []}
                    columns={[
                      { key: 'positionCode', dataIndex: 'positionCode', title: t('identity.positionCode') },
                      { key: 'positionName', dataIndex: 'positionName', title: t('identity.positionName') },
                      { key: 'staffName', dataIndex: 'staffName', title: t('identity.holder') },
                    ]}
                  />
                </>
              ) : (
                <Empty description={t('identity.noOrgan')} />
              ),
            },
            {
              key: 'staff',
              label: t('identity.staff'),
              children: current ? (
                <>
                  <Access code="organ:add">
                    <Button icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'staff' })} style={{ marginBottom: 12 }}>
                      {t('table.add')}
                    </Button>
                  </Access>
                  <Table<Staff>
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={staff.data?.records ?? []}
                    columns={[
                      { key: 'staffCode', dataIndex: 'staffCode', title: t('identity.staffCode') },
                      { key: 'staffName', dataIndex: 'staffName', title: t('identity.staffName') },
                      {
                        key: 'position',
                        title: t('identity.position'),
                        render: (_value, row) =>
                          positions.data?.records.find((position) => position.id === row.positionId)?.positionName ?? '',
                      },
                    ]}
                  />
                </>
              ) : (
                <Empty description={t('identity.noOrgan')} />
              ),
            },
            {
              key: 'types',
              label: t('identity.organTypes'),
              children: (
                <>
                  <Access code="organ:add">
                    <Button icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'type' })} style={{ marginBottom: 12 }}>
                      {t('table.add')}
                    </Button>
                  </Access>
                  <Table<OrganType>
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={types.data ?? []}
                    columns={[
                      { key: 'typeCode', dataIndex: 'typeCode', title: t('identity.typeCode') },
                      { key: 'typeName', dataIndex: 'typeName', title: t('identity.typeName') },
                      { key: 'parentTypeCode', dataIndex: 'parentTypeCode', title: t('identity.parentTypeCode') },
                    ]}
                  />
                </>
              ),
            },
          ]}
        />
      </Col>
      <ResourceFormDialog
        formName={`organ-${dialog?.kind ?? 'none'}`}
        title={title}
        open={dialog !== null}
        fields={dialog ? fields[dialog.kind] : []}
        initialValues={dialog?.kind === 'organ' && dialog.organ ? (dialog.organ as unknown as Record<string, unknown>) : undefined}
        editing={dialog?.kind === 'organ' && dialog.organ !== undefined}
        saving={saving}
        onSave={(values) => void save(values)}
        onClose={() => setDialog(null)}
      />
    </Row>
  );
}
