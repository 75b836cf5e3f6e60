import type { BpmDefinition } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../core/request/notify.ts';
import { useSubmit } from '../../crud/useSubmit.ts';
import { bpmApi, bpmPaths } from '../bpmApi.ts';
import { parseVariables } from './taskActions.ts';

interface Props {
  open: boolean;
  /** The definition to start; without one the dialog offers those the user may start (participants). */
  definition?: BpmDefinition | null;
  onClose(): void;
  onStarted?(): void;
}

interface Values {
  definitionKey: string;
  businessKey?: string;
  variables?: string;
}

/** Starts an instance of the newest version of a definition, with a business key and variables. */
export function StartDialog({ open, definition, onClose, onStarted }: Props) {
  const { t } = useTranslation();
  const { busy, submit } = useSubmit();
  const startable = useQuery({
    queryKey: [bpmPaths.startable],
    queryFn: bpmApi.startable,
    enabled: open && !definition,
    staleTime: 10_000,
  });
  const start = async (values: Values) => {
    const parsed = parseVariables(values.variables ?? '');
    if (!parsed.ok) return;
    if (await submit(() => bpmApi.startInstance(values.definitionKey, values.businessKey ?? '', parsed.variables))) {
      toastSuccess(t('bpm.definition.started', { key: values.definitionKey }));
      onStarted?.();
      onClose();
    }
  };
  return (
    <Modal
      open={open}
      title={definition ? t('bpm.definition.startTitle', { name: definition.name }) : t('bpm.task.startProcess')}
      okText={t('bpm.definition.start')}
      cancelText={t('table.cancel')}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ form: 'bpm-start', htmlType: 'submit', loading: busy }}
    >
      <Form<Values>
        id="bpm-start"
        name="bpm-start"
        layout="vertical"
        initialValues={{ definitionKey: definition?.key, businessKey: '', variables: '{}' }}
        onFinish={(values) => void start(values)}
      >
        <Form.Item
          name="definitionKey"
          label={t('bpm.task.process')}
          hidden={Boolean(definition)}
          rules={[{ required: true, message: t('validation.selectRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={startable.isFetching}
            options={(startable.data ?? []).map((row) => ({ value: row.key, label: `${row.name} (${row.key})` }))}
            notFoundContent={t('bpm.task.nothingToStart')}
          />
        </Form.Item>
        <Form.Item
          name="businessKey"
          label={t('bpm.definition.businessKey')}
          rules={[{ max: 100, message: t('validation.maxLength', { n: 100 }) }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="variables"
          label={t('bpm.task.variables.label')}
          extra={t('bpm.task.variables.help')}
          rules={[
            {
              validator: (_rule, value: string) => {
                const parsed = parseVariables(value ?? '');
                return parsed.ok ? Promise.resolve() : Promise.reject(new Error(t(`bpm.task.variables.${parsed.problem}`)));
              },
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 4 }} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
