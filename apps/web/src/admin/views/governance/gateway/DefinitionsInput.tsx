import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ArgumentProblem, Definition } from '@qiming/shared';
import { Button, Card, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Each kind's argument names, e.g. Spring's `Path: ['patterns']`. */
  kinds: Record<string, readonly string[]>;
  check: (definition: Definition) => ArgumentProblem | undefined;
  addLabel: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

/** The form keeps the list as JSON text: the form encoding has no way to send a list of objects. */
function parse(value: unknown): Definition[] {
  if (Array.isArray(value)) return value as Definition[];
  try {
    const parsed = JSON.parse(String(value ?? '[]'));
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/**
 * Predicates or filters as forms rather than JSON: one card per definition, its kind chosen from the
 * list and each argument in its own labelled field; a problem the server would refuse shows under it.
 */
export function DefinitionsInput({ kinds, check, addLabel, value, onChange, id }: Props) {
  const { t } = useTranslation();
  const definitions = parse(value);
  const change = (next: Definition[]) => onChange?.(JSON.stringify(next));
  const update = (index: number, definition: Definition) => change(definitions.map((item, at) => (at === index ? definition : item)));

  return (
    <Space direction="vertical" style={{ width: '100%' }} id={id}>
      {definitions.map((definition, index) => {
        const problem = check(definition);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: definitions have no identity but their place.
          <Card key={index} size="small">
            <Space wrap align="start">
              <Select
                aria-label={t('gateway.kind')}
                style={{ minWidth: 180 }}
                value={definition.name}
                options={Object.keys(kinds).map((kind) => ({ value: kind, label: kind }))}
                onChange={(name: string) => update(index, { name, args: {} })}
              />
              {(kinds[definition.name] ?? []).map((arg) => (
                <Input
                  key={arg}
                  aria-label={`${definition.name} ${t(`gateway.args.${arg}`)}`}
                  placeholder={t(`gateway.args.${arg}`)}
                  style={{ width: 200 }}
                  value={definition.args[arg] ?? ''}
                  onChange={(event) => update(index, { ...definition, args: { ...definition.args, [arg]: event.target.value } })}
                />
              ))}
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('table.delete')}
                onClick={() => change(definitions.filter((_item, at) => at !== index))}
              />
            </Space>
            {problem && (
              <Typography.Text type="danger" style={{ display: 'block' }}>
                {t(problem.message, { ...problem.params, value: problem.params?.value ?? '' })}
              </Typography.Text>
            )}
          </Card>
        );
      })}
      <Button icon={<PlusOutlined />} onClick={() => change([...definitions, { name: Object.keys(kinds)[0] ?? '', args: {} }])}>
        {addLabel}
      </Button>
    </Space>
  );
}
