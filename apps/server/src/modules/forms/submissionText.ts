import { type FormField, formatMessage, isEmpty, type Language, localized, referenceLabelKey } from '@qiming/shared';

const named = (labels: Record<string, string>, key: string, fallback: string | number) => labels[key] ?? String(fallback);

/** Tags out, entities of the sanitiser's output read: what a spreadsheet cell shows of a rich text. */
const plainText = (html: string) =>
  html
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

/**
 * One top-level value as a spreadsheet cell: option labels and record names in the language, numbers
 * as numbers, a sub-table as its count of rows and uploads as their count.
 */
export function cellOf(field: FormField, value: unknown, labels: Record<string, string>, language: Language): string | number {
  if (isEmpty(value)) return '';
  const list = Array.isArray(value) ? (value as (string | number)[]) : [value as string | number];
  switch (field.kind) {
    case 'number':
    case 'money':
    case 'rate':
      return value as number;
    case 'richText':
      return plainText(String(value));
    case 'dateRange':
      return list.join(' ~ ');
    case 'switch':
      return formatMessage(value ? 'form.yes' : 'form.no', language);
    case 'select':
    case 'radio':
    case 'checkbox': {
      const options = field.options;
      return list
        .map((item) =>
          Array.isArray(options)
            ? localized(options.find((option) => option.value === item)?.label ?? { zh: String(item) }, language)
            : named(labels, referenceLabelKey('dict', item, options?.dictCode), item),
        )
        .join(', ');
    }
    case 'region':
      return list.map((code) => named(labels, referenceLabelKey('region', code), code)).join(' / ');
    case 'organ':
    case 'account':
      return named(labels, referenceLabelKey(field.kind, value as number), `#${value}`);
    case 'upload':
      return formatMessage('form.files', language, { n: list.length });
    case 'subTable':
      return formatMessage('form.rows', language, { n: list.length });
    default:
      return String(value);
  }
}
