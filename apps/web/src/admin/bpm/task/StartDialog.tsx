import type { BpmDefinition } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../core/request/notify.ts';
import { useSubmit } from '../../crud/useSubmit.ts';
import { FormRenderer } from '../../formRenderer/FormRenderer.tsx';
import { bpmApi, bpmPaths } from '../bpmApi.ts';
import { bpmFormApi } from './formApi.ts';
import { VariableEditor } from './VariableEditor.tsx';
import { rowsToVariables, type VariableRow } from './variableRows.ts';

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
  variables?: VariableRow[];
}

/**
 * Starts an instance of the newest version of a definition with a business key and what its start event
 * asks: its cloud form, the fields of its camunda:formData, or, without either, variables row by row.
 */
export function StartDialog({ open, definition, onClose, onStarted }: Props) {
  const { t } = useTranslation();
  const { busy, submit } = useSubmit();
  const [head] = Form.useForm<Values>();
  const chosenKey = Form.useWatch('definitionKey', head) ?? definition?.key;
  const startable = useQuery({
    queryKey: [bpmPaths.startable],
    queryFn: bpmApi.startable,
    enabled: open && !definition,
    staleTime: 10_000,
  });
  const startForm = useQuery({
    queryKey: [bpmPaths.startable, chosenKey, 'form'],
    queryFn: () => bpmFormApi.startForm(chosenKey as string),
    enabled: open && Boolean(chosenKey),
    gcTime: 0,
  });
  const form = startForm.data;
  const withForm = form && form.source !== 'none' && form.schema;

  const started = (key: string) => {
    toastSuccess(t('bpm.definition.started', { key }));
    onStarted?.();
    onClose();
  };
  const startWithVariables = async (values: Values) => {
    const input = {
      definitionKey: values.definitionKey,
      businessKey: values.businessKey ?? '',
      variables: rowsToVariables(values.variables),
    };
    if (await submit(() => bpmFormApi.start(input))) started(values.definitionKey);
  };
  /** The form's own submit: the process and business key above it are checked first. */
  const startWithValues = async (values: Record<string, unknown>) => {
    const chosen = await head.validateFields().catch(() => undefined);
    if (!chosen) return [];
    try {
      const problems = await bpmFormApi.start({ definitionKey: chosen.definitionKey, businessKey: chosen.businessKey ?? '', values });
      if (!problems) started(chosen.definitionKey);
      return problems;
    } catch (error) {
      // A refusal that is not about a field (a suspended definition, say) shows above the form.
      return [{ field: '', message: (error as Error).message }];
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
      width={withForm ? 720 : undefined}
      // A form brings its own start button, which checks the form first.
      footer={withForm ? null : undefined}
      okButtonProps={{ form: 'bpm-start', htmlType: 'submit', loading: busy, disabled: !form }}
    >
      <Form<Values>
        form={head}
        id="bpm-start"
        name="bpm-start"
        layout="vertical"
        initialValues={{ definitionKey: definition?.key, businessKey: '', variables: [] }}
        onFinish={(values) => void startWithVariables(values)}
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
        {!form?.businessKeyField && (
          <Form.Item
            name="businessKey"
            label={t('bpm.definition.businessKey')}
            rules={[{ max: 100, message: t('validation.maxLength', { n: 100 }) }]}
          >
            <Input />
          </Form.Item>
        )}
        {form?.source === 'none' && <VariableEditor name="variables" />}
      </Form>
      {chosenKey && startForm.isFetching && <Spin />}
      {startForm.isError && <Alert type="error" showIcon title={t('bpm.forms.loadFailed')} />}
      {withForm && form.schema && (
        <FormRenderer
          key={chosenKey}
          schema={form.schema}
          mode="edit"
          values={form.values}
          submitLabel={t('bpm.definition.start')}
          onSubmit={startWithValues}
        />
      )}
    </Modal>
  );
}
