import type { RouteTestInput, RouteTestResult } from '@qiming/shared';
import { Alert, Descriptions, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Types a request and shows which released route the gateway would give it, and where it would go. */
export function RouteTestDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RouteTestInput>();
  const [result, setResult] = useState<RouteTestResult | null>(null);
  const run = async (values: RouteTestInput) => setResult(await api.post('/api/admin/gateway/routes/test', { body: values }));

  return (
    <Modal
      title={t('gateway.test')}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('gateway.testRun')}
      cancelText={t('table.cancel')}
      width={640}
    >
      <Form
        form={form}
        name="gateway-test"
        layout="vertical"
        initialValues={{ method: 'GET', url: '/', host: '', headers: '', remoteAddress: '127.0.0.1' }}
        onFinish={(values) => void run(values)}
      >
        <Form.Item name="method" label={t('gateway.testMethod')}>
          <Select options={methods.map((method) => ({ value: method, label: method }))} />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('gateway.testUrl')}
          rules={[{ required: true, pattern: /^\//, message: t('validation.pathPatterns') }]}
        >
          <Input placeholder="/api/items?id=1" />
        </Form.Item>
        <Form.Item name="host" label={t('gateway.testHost')}>
          <Input placeholder="www.example.org" />
        </Form.Item>
        <Form.Item name="headers" label={t('gateway.testHeaders')}>
          <Input.TextArea rows={3} placeholder="X-Request-Id: 42" />
        </Form.Item>
        <Form.Item name="remoteAddress" label={t('gateway.testRemoteAddress')}>
          <Input />
        </Form.Item>
      </Form>
      {result &&
        (result.matched ? (
          <Descriptions bordered size="small" column={1} data-testid="route-test-result">
            <Descriptions.Item label={t('gateway.routeId')}>{result.routeId}</Descriptions.Item>
            <Descriptions.Item label={t('gateway.routeName')}>{result.routeName}</Descriptions.Item>
            <Descriptions.Item label={t('gateway.testTarget')}>
              <code>{result.target}</code>
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Alert type="warning" showIcon message={t('gateway.testNoMatch')} />
        ))}
    </Modal>
  );
}
