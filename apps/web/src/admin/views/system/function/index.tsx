import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ModelLevel, ModelNode } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Empty, Input, Row, Space, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fillPath } from '../../../../core/request/apiPaths.ts';
import { api, http } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { Access } from '../../../crud/Access.tsx';
import { confirmAndDelete, saveBlob } from '../../../crud/dataProvider.ts';
import { ResourceFormDialog } from '../../../crud/ResourceFormDialog.tsx';
import { useSubmit } from '../../../crud/useSubmit.ts';
import { modelNodeName } from './builtInNames.ts';
import { ModelImportDialog } from './ModelImportDialog.tsx';
import { childLevel, formValues, levelFields, newValues } from './modelForms.ts';

type Editing = { node: ModelNode } | { level: ModelLevel; parent: ModelNode | null } | null;

/** A level's rows as the served contract names them (`/api/admin/function-model/apps`). */
const levelPath = <Level extends ModelLevel>(level: Level) => `/api/admin/function-model/${level}s` as const;

function walk(nodes: ModelNode[], visit: (node: ModelNode, parent: ModelNode | null) => void, parent: ModelNode | null = null) {
  for (const node of nodes) {
    visit(node, parent);
    walk(node.children, visit, node);
  }
}

/** The tree cut to the entries whose code or shown name holds the text, with the entries above them. */
function filterTree(nodes: ModelNode[], text: string, nameOf: (node: ModelNode) => string): ModelNode[] {
  if (!text) return nodes;
  const needle = text.toLowerCase();
  return nodes.flatMap((node) => {
    const children = filterTree(node.children, text, nameOf);
    const hit = node.code.toLowerCase().includes(needle) || nameOf(node).toLowerCase().includes(needle);
    return hit || children.length > 0 ? [{ ...node, children: hit ? node.children : children }] : [];
  });
}

/**
 * The function model as one tree (apps, modules, functions, operations, urls) with the chosen entry's
 * details beside it. Qiming's own app is built in: shown, exported, never changed here. Other apps are
 * added by hand or imported from a zip of INSERT statements, and exported back to one.
 */
export default function FunctionModelPage() {
  const { t } = useTranslation();
  const model = useQuery({ queryKey: ['/admin/function-model/tree'], queryFn: () => api.get('/api/admin/function-model/tree') });
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const { busy, submit } = useSubmit();

  const keyOf = (node: ModelNode) => `${node.level}:${node.id}`;
  const parents = new Map<string, ModelNode | null>();
  const byKey = new Map<string, ModelNode>();
  walk(model.data ?? [], (node, parent) => {
    byKey.set(keyOf(node), node);
    parents.set(keyOf(node), parent);
  });
  const selected = selectedKey ? byKey.get(selectedKey) : undefined;
  const levelName = (level: ModelLevel) => t(`functionModel.${level}`);
  const nameOf = (node: ModelNode) => modelNodeName(t, node);

  const toData = (nodes: ModelNode[]): DataNode[] =>
    nodes.map((node) => ({
      key: keyOf(node),
      title: (
        <span>
          <span>{node.level === 'url' ? node.code : nameOf(node)}</span>
          {node.level !== 'url' && <small style={{ marginInlineStart: 6 }}>{node.code}</small>}
          {node.level === 'app' && node.builtIn && (
            <Tag style={{ marginInlineStart: 8 }} color="blue">
              {t('functionModel.builtIn')}
            </Tag>
          )}
        </span>
      ),
      children: toData(node.children),
      isLeaf: node.children.length === 0,
    }));

  const save = (values: Record<string, unknown>) =>
    submit(async () => {
      if (!editing) return;
      if ('node' in editing) {
        const parent = parents.get(keyOf(editing.node));
        await api.put(`${levelPath(editing.node.level)}/{id}`, {
          path: { id: editing.node.id },
          body: { ...values, ...(parent ? { parentId: parent.id } : {}) },
        });
      } else {
        const created = await api.post(levelPath(editing.level), {
          body: { ...values, ...(editing.parent ? { parentId: editing.parent.id } : {}) },
        });
        setSelectedKey(`${editing.level}:${created.id}`);
      }
      toastSuccess(t('confirm.saved'));
      setEditing(null);
      await model.refetch();
    });

  const remove = async (node: ModelNode) => {
    if (!(await confirmAndDelete(t, fillPath(`${levelPath(node.level)}/delete`), [node.id]))) return;
    setSelectedKey(null);
    await model.refetch();
  };

  const exportNode = async (node: ModelNode) => {
    saveBlob(
      await http.download(fillPath(`${levelPath(node.level)}/{id}/export`, { id: node.id })),
      `${node.code.replace(/[^A-Za-z0-9._-]+/g, '_')}.zip`,
    );
  };

  const editingLevel = editing ? ('node' in editing ? editing.node.level : editing.level) : 'app';
  const below = selected ? childLevel[selected.level] : null;

  return (
    <Row gutter={16}>
      <Col xs={24} lg={11}>
        <Card title={t('menu.system_function')}>
          <Space wrap style={{ marginBottom: 12 }}>
            <Access code="functionModel:add">
              <Button icon={<PlusOutlined />} onClick={() => setEditing({ level: 'app', parent: null })}>
                {t('functionModel.addApp')}
              </Button>
            </Access>
            <Access code="functionModel:import">
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('functionModel.importModel')}
              </Button>
            </Access>
          </Space>
          <Input.Search
            allowClear
            aria-label={t('functionModel.search')}
            placeholder={t('functionModel.search')}
            onSearch={setSearch}
            onChange={(event) => !event.target.value && setSearch('')}
            style={{ marginBottom: 12 }}
          />
          <Tree
            aria-label={t('menu.system_function')}
            treeData={toData(filterTree(model.data ?? [], search, nameOf))}
            // Drawn anew once the model has loaded and for each search, so the apps (or every hit) open expanded.
            key={`${search}:${model.data ? 'loaded' : 'loading'}`}
            defaultExpandedKeys={search ? [...byKey.keys()] : (model.data ?? []).map(keyOf)}
            selectedKeys={selectedKey ? [selectedKey] : []}
            onSelect={(keys) => setSelectedKey(keys.length > 0 ? String(keys[0]) : null)}
            blockNode
            height={560}
          />
        </Card>
      </Col>
      <Col xs={24} lg={13}>
        <Card
          title={
            selected ? (
              <Space>
                <Tag>{levelName(selected.level)}</Tag>
                {nameOf(selected)}
              </Space>
            ) : (
              t('functionModel.details')
            )
          }
        >
          {!selected ? (
            <Empty description={t('functionModel.chooseNode')} />
          ) : (
            <>
              {selected.builtIn && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('functionModel.builtInHint')} />}
              <Space wrap style={{ marginBottom: 12 }}>
                {!selected.builtIn && (
                  <>
                    <Access code="functionModel:edit">
                      <Button icon={<EditOutlined />} onClick={() => setEditing({ node: selected })}>
                        {t('table.edit')}
                      </Button>
                    </Access>
                    {below && (
                      <Access code="functionModel:add">
                        <Button icon={<PlusOutlined />} onClick={() => setEditing({ level: below, parent: selected })}>
                          {t('functionModel.addBelow', { name: levelName(below) })}
                        </Button>
                      </Access>
                    )}
                    <Access code="functionModel:delete">
                      <Button danger icon={<DeleteOutlined />} onClick={() => void remove(selected)}>
                        {t('table.delete')}
                      </Button>
                    </Access>
                  </>
                )}
                <Access code="functionModel:export">
                  <Button icon={<DownloadOutlined />} onClick={() => void exportNode(selected)}>
                    {t('functionModel.exportModel')}
                  </Button>
                </Access>
              </Space>
              <Descriptions
                bordered
                size="small"
                column={1}
                items={levelFields(selected.level).map((field) => {
                  // A built-in entry's name field reads as the tree shows it, in the reader's language.
                  const value = field.name === `${selected.level}Name` ? nameOf(selected) : selected.fields[field.name];
                  const option = field.options?.find((candidate) => candidate.value === String(value));
                  return { key: field.name, label: t(field.label), children: option ? t(option.label) : String(value ?? '') };
                })}
              />
            </>
          )}
        </Card>
      </Col>
      <ResourceFormDialog
        formName={`function-model-${editingLevel}`}
        title={t(editing && 'node' in editing ? 'table.editTitle' : 'table.createTitle', { name: levelName(editingLevel) })}
        open={editing !== null}
        fields={levelFields(editingLevel)}
        initialValues={
          editing && 'node' in editing
            ? formValues(editing.node)
            : editing
              ? newValues(editing.level, editing.parent?.children ?? model.data ?? [])
              : undefined
        }
        editing={editing !== null && 'node' in editing}
        saving={busy}
        onSave={(values) => void save(values)}
        onClose={() => setEditing(null)}
      />
      <ModelImportDialog open={importing} onClose={() => setImporting(false)} onImported={() => void model.refetch()} />
    </Row>
  );
}
