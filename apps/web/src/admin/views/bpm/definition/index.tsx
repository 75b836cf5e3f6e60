import { ApartmentOutlined, CodeOutlined, PauseCircleOutlined, PlayCircleOutlined, RocketOutlined } from '@ant-design/icons';
import type { BpmDefinition } from '@qiming/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Spin, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { cautionTagStyle } from '../../../../core/ui/tagStyles.ts';
import { bpmAccess } from '../../../bpm/bpmAccess.ts';
import { bpmApi, bpmPaths } from '../../../bpm/bpmApi.ts';
import { StartDialog } from '../../../bpm/task/StartDialog.tsx';
import { Access } from '../../../crud/Access.tsx';
import { confirmAction } from '../../../crud/confirmAction.ts';
import { saveBlob } from '../../../crud/dataProvider.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import { type ResourceDeclaration, yesNoOptions } from '../../../crud/resource.ts';

const BpmnDiagram = lazy(() => import('../../../bpm/diagram/BpmnDiagram.tsx'));

type Shown = { kind: 'xml' | 'diagram'; definition: BpmDefinition; xml: string } | null;

/** Process definitions: released versions, their XML and diagram, suspend and activate, starting an instance. */
export default function BpmDefinitionPage() {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [shown, setShown] = useState<Shown>(null);
  const [starting, setStarting] = useState<BpmDefinition | null>(null);
  const reload = () => queries.invalidateQueries({ queryKey: [bpmPaths.definitions] });

  const show = async (kind: 'xml' | 'diagram', definition: BpmDefinition) => {
    try {
      const { bpmn20Xml } = await bpmApi.definitionXml(definition.id);
      setShown({ kind, definition, xml: bpmn20Xml });
    } catch {
      // The request client has told the user why.
    }
  };

  const toggle = async (row: BpmDefinition) => {
    const label = t(row.suspended ? 'bpm.definition.activate' : 'bpm.definition.suspend');
    if (
      !(await confirmAction(
        t,
        label,
        t(row.suspended ? 'bpm.definition.activateConfirm' : 'bpm.definition.suspendConfirm', { key: row.key, version: row.version }),
      ))
    )
      return;
    try {
      if (row.suspended) await bpmApi.activateDefinition(row.id);
      else await bpmApi.suspendDefinition(row.id);
      toastSuccess(t('bpm.monitor.done', { action: label }));
      await reload();
    } catch {
      // The request client has told the user why.
    }
  };

  const resource: ResourceDeclaration<BpmDefinition> = {
    name: 'bpm.definition.entity',
    apiPath: bpmPaths.definitions,
    permissions: {},
    columns: [
      { key: 'key', title: 'bpm.definition.key', sortable: true },
      {
        key: 'version',
        title: 'bpm.definition.version',
        sortable: true,
        render: (row) => t('bpm.common.version', { version: row.version }),
      },
      { key: 'name', title: 'bpm.definition.name' },
      { key: 'category', title: 'bpm.definition.category' },
      {
        key: 'suspended',
        title: 'bpm.definition.state',
        render: (row) =>
          row.suspended ? (
            <Tag style={cautionTagStyle}>{t('bpm.definition.suspended')}</Tag>
          ) : (
            <Tag color="success">{t('bpm.definition.active')}</Tag>
          ),
      },
      { key: 'deployedAt', title: 'bpm.definition.deployedAt', sortable: true, render: (row) => formatDateTime(row.deployedAt) },
      { key: 'deployedBy', title: 'bpm.definition.deployedBy' },
    ],
    searchFields: [
      { name: 'key', label: 'bpm.definition.key' },
      { name: 'name', label: 'bpm.definition.name' },
      { name: 'latestOnly', label: 'bpm.definition.latestOnly', input: 'select', options: yesNoOptions },
    ],
    rowActions: (row) => (
      <>
        <Access code={bpmAccess.definitionXml}>
          <Button
            type="link"
            size="small"
            icon={<CodeOutlined />}
            aria-label={t('bpm.definition.xmlOf', { key: row.key, version: row.version })}
            onClick={() => void show('xml', row)}
          >
            {t('bpm.definition.xml')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<ApartmentOutlined />}
            aria-label={t('bpm.definition.diagramOf', { key: row.key, version: row.version })}
            onClick={() => void show('diagram', row)}
          >
            {t('bpm.definition.diagram')}
          </Button>
        </Access>
        <Access code={row.suspended ? bpmAccess.definitionActivate : bpmAccess.definitionSuspend}>
          <Button
            type="link"
            size="small"
            icon={row.suspended ? <PlayCircleOutlined /> : <PauseCircleOutlined />}
            aria-label={t(row.suspended ? 'bpm.definition.activateOf' : 'bpm.definition.suspendOf', { key: row.key, version: row.version })}
            onClick={() => void toggle(row)}
          >
            {t(row.suspended ? 'bpm.definition.activate' : 'bpm.definition.suspend')}
          </Button>
        </Access>
        {!row.suspended && (
          <Access code={bpmAccess.instanceStart}>
            <Button
              type="link"
              size="small"
              icon={<RocketOutlined />}
              aria-label={t('bpm.definition.startOf', { key: row.key, version: row.version })}
              onClick={() => setStarting(row)}
            >
              {t('bpm.definition.start')}
            </Button>
          </Access>
        )}
      </>
    ),
  };

  return (
    <>
      <ResourceTable resource={resource} />
      <Modal
        open={shown !== null}
        width={960}
        title={
          shown
            ? t(shown.kind === 'xml' ? 'bpm.definition.xmlTitle' : 'bpm.definition.diagramTitle', {
                key: shown.definition.key,
                version: shown.definition.version,
              })
            : ''
        }
        onCancel={() => setShown(null)}
        destroyOnHidden
        footer={
          shown?.kind === 'xml' ? (
            <Button
              onClick={() =>
                saveBlob(new Blob([shown.xml], { type: 'application/xml' }), `${shown.definition.key}-v${shown.definition.version}.bpmn`)
              }
            >
              {t('bpm.definition.downloadXml')}
            </Button>
          ) : null
        }
      >
        {shown?.kind === 'xml' && (
          <Input.TextArea
            readOnly
            aria-label={t('bpm.definition.xml')}
            value={shown.xml}
            autoSize={{ minRows: 12, maxRows: 26 }}
            style={{ fontFamily: 'monospace', fontSize: 12 }}
          />
        )}
        {shown?.kind === 'diagram' && (
          <Suspense fallback={<Spin />}>
            <BpmnDiagram xml={shown.xml} label={t('bpm.diagram.labelOf', { name: shown.definition.name })} />
          </Suspense>
        )}
      </Modal>
      <StartDialog open={starting !== null} definition={starting} onClose={() => setStarting(null)} />
    </>
  );
}
