import { type FormSubField, type Language, type LookupOption, localized, referenceLabelKey } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Cascader, Select } from 'antd';
import { useEffect, useState } from 'react';
import { formLookups } from './formLookups.ts';

export interface ChoiceOption {
  value: string | number;
  label: string;
}

/** A choice's options in the language: typed in by the author, or the items of a dictionary, asked once per form. */
export function useChoiceOptions(field: FormSubField, language: Language): ChoiceOption[] {
  const options = field.options;
  const dictCode = options && !Array.isArray(options) ? options.dictCode : undefined;
  const items = useQuery({
    queryKey: ['formLookup', 'dict', dictCode],
    queryFn: () => formLookups.dictionaryItems(dictCode ?? ''),
    enabled: dictCode !== undefined,
    staleTime: 60_000,
  });
  if (Array.isArray(options)) return options.map((option) => ({ value: option.value, label: localized(option.label, language) }));
  return (items.data ?? []).map((item) => ({ value: item.value, label: item.label }));
}

interface PickerProps {
  kind: 'organ' | 'account';
  value?: number;
  onChange?: (value: number | undefined) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  labels: Record<string, string>;
  'aria-label'?: string;
}

/** An organisation or account, found by typing part of its name among those the filler may pick. */
export function RecordPicker({ kind, value, onChange, labels, ...rest }: PickerProps) {
  const [text, setText] = useState('');
  const found = useQuery({
    queryKey: ['formLookup', kind, text],
    queryFn: () => (kind === 'organ' ? formLookups.organs(text) : formLookups.accounts(text)),
    staleTime: 30_000,
  });
  const options: LookupOption[] = [...(found.data ?? [])];
  const known = value !== undefined && options.some((option) => option.value === value);
  if (value !== undefined && !known) options.unshift({ value, label: labels[referenceLabelKey(kind, value)] ?? `#${value}` });
  return (
    <Select
      {...rest}
      showSearch={{ filterOption: false, onSearch: setText }}
      allowClear
      value={value}
      loading={found.isFetching}
      options={options}
      onChange={(next) => onChange?.(next === undefined || next === null ? undefined : Number(next))}
    />
  );
}

interface CascaderOption {
  value: string;
  label: string;
  isLeaf?: boolean;
  children?: CascaderOption[];
}

const toCascader = (options: LookupOption[]): CascaderOption[] =>
  options.map((option) => ({ value: String(option.value), label: option.label, isLeaf: option.isLeaf }));

function withChildren(tree: CascaderOption[], code: string, children: CascaderOption[]): CascaderOption[] {
  return tree.map((node) =>
    node.value === code ? { ...node, children } : node.children ? { ...node, children: withChildren(node.children, code, children) } : node,
  );
}

interface RegionProps {
  value?: string[];
  onChange?: (value: string[] | undefined) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  labels: Record<string, string>;
  'aria-label'?: string;
}

/** The region tree, each level asked for when it is opened; any level may be chosen. */
export function RegionCascader({ value, onChange, labels, ...rest }: RegionProps) {
  const [tree, setTree] = useState<CascaderOption[]>([]);
  useEffect(() => {
    let live = true;
    formLookups
      .regions()
      .then((provinces) => live && setTree(toCascader(provinces)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const loadData = async (path: CascaderOption[]) => {
    const last = path[path.length - 1];
    if (!last) return;
    const children = toCascader(await formLookups.regions(last.value));
    setTree((current) => withChildren(current, last.value, children));
  };
  return (
    <Cascader
      {...rest}
      changeOnSelect
      options={tree}
      loadData={(path) => void loadData(path as CascaderOption[])}
      value={value}
      displayRender={(names, selected) =>
        (value ?? [])
          .map((code, index) => selected?.[index]?.label ?? labels[referenceLabelKey('region', code)] ?? names[index] ?? code)
          .join(' / ')
      }
      onChange={(next) => onChange?.(next && next.length > 0 ? (next as string[]) : undefined)}
    />
  );
}
