import {
  appTransports,
  functionModelRules,
  type ModelLevel,
  type ModelNode,
  operationTypeCodes,
  urlAccessTypes,
  urlMethods,
} from '@qiming/shared';
import { type FieldDeclaration, yesNoOptions } from '../../../crud/resource.ts';

/** The level below each level; urls hold nothing. */
export const childLevel: Record<ModelLevel, ModelLevel | null> = {
  app: 'module',
  module: 'function',
  function: 'operation',
  operation: 'url',
  url: null,
};

const choices = (values: readonly string[], label: (value: string) => string) => values.map((value) => ({ value, label: label(value) }));

/** Each level's form, with the rules the server applies; the code of an entry is set once. */
export function levelFields(level: ModelLevel): FieldDeclaration[] {
  const seq: FieldDeclaration = { name: 'seq', label: 'functionModel.seq', input: 'number', rules: functionModelRules.seq };
  switch (level) {
    case 'app':
      return [
        { name: 'appCode', label: 'functionModel.appCode', rules: functionModelRules.code, readOnlyOnEdit: true },
        { name: 'appName', label: 'functionModel.appName', rules: functionModelRules.name },
        { name: 'address', label: 'functionModel.address', rules: functionModelRules.address },
        { name: 'transport', label: 'functionModel.transport', input: 'select', options: choices(appTransports, (value) => value) },
        seq,
      ];
    case 'module':
      return [
        { name: 'moduleCode', label: 'functionModel.moduleCode', rules: functionModelRules.code, readOnlyOnEdit: true },
        { name: 'moduleName', label: 'functionModel.moduleName', rules: functionModelRules.name },
        seq,
      ];
    case 'function':
      return [
        { name: 'functionCode', label: 'functionModel.functionCode', rules: functionModelRules.longCode, readOnlyOnEdit: true },
        { name: 'functionName', label: 'functionModel.functionName', rules: functionModelRules.name },
        seq,
      ];
    case 'operation':
      return [
        { name: 'operationCode', label: 'functionModel.operationCode', rules: functionModelRules.longCode, readOnlyOnEdit: true },
        { name: 'operationName', label: 'functionModel.operationName', rules: functionModelRules.name },
        {
          name: 'operationTypeCode',
          label: 'functionModel.operationTypeCode',
          input: 'select',
          options: choices(operationTypeCodes, (value) => `functionModel.types.${value}`),
        },
        {
          name: 'isDefault',
          label: 'functionModel.isDefault',
          input: 'select',
          options: yesNoOptions,
        },
        seq,
      ];
    case 'url':
      return [
        { name: 'urlName', label: 'functionModel.urlName', rules: functionModelRules.urlName },
        { name: 'method', label: 'functionModel.method', input: 'select', options: choices(urlMethods, (value) => value) },
        { name: 'urlContent', label: 'functionModel.urlContent', rules: functionModelRules.urlContent },
        {
          name: 'accessType',
          label: 'functionModel.accessType',
          input: 'select',
          options: choices(urlAccessTypes, (value) => `functionModel.access.${value}`),
        },
      ];
  }
}

/** A new entry's form starts from sensible choices: the first of each list, after its last sibling. */
export function newValues(level: ModelLevel, siblings: ModelNode[]): Record<string, unknown> {
  const seq = siblings.reduce((last, node) => Math.max(last, Number(node.fields.seq ?? 0)), 0) + 1;
  switch (level) {
    case 'app':
      return { transport: 'http', seq };
    case 'operation':
      return { operationTypeCode: 'view', isDefault: 'false', seq };
    case 'url':
      return { method: 'GET', accessType: 'authorised' };
    default:
      return { seq };
  }
}

/** A node's fields as its form shows them (a yes/no select holds text). */
export function formValues(node: ModelNode): Record<string, unknown> {
  return Object.fromEntries(Object.entries(node.fields).map(([name, value]) => [name, typeof value === 'boolean' ? String(value) : value]));
}
