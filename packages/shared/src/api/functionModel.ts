import { z } from 'zod';
import { type FieldRule, requiredText } from '../validation/rules.ts';
import { formFlag, ruledNumber, ruledString } from '../validation/zod.ts';

/** The function model's levels, top down: an app holds modules, a module functions, and so on. */
export const modelLevels = ['app', 'module', 'function', 'operation', 'url'] as const;
export type ModelLevel = (typeof modelLevels)[number];

export const operationTypeCodes = ['view', 'add', 'edit', 'delete', 'export', 'other'] as const;
export const urlAccessTypes = ['authorised', 'signedIn', 'public'] as const;
export const urlMethods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export const appTransports = ['http', 'https'] as const;

const modelCode: FieldRule = {
  message: 'validation.modelCode',
  test: (value) => /^[A-Za-z][A-Za-z0-9_.:-]*$/.test(String(value)),
};
/** Spec section 5: the app address must look like `host:port/context`. */
export const appAddressPattern = /^([A-Za-z0-9](?:[A-Za-z0-9.-]{0,98}[A-Za-z0-9])?):(\d{1,5})(\/[A-Za-z0-9._~/-]{0,99})$/;
const appAddress: FieldRule = {
  message: 'validation.appAddress',
  test: (value) => {
    const match = appAddressPattern.exec(String(value));
    return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 65535;
  },
};

export const functionModelRules = {
  code: [...requiredText({ max: 50 }), modelCode],
  longCode: [...requiredText({ max: 100 }), modelCode],
  name: requiredText({ max: 100 }),
  urlName: requiredText({ max: 200 }),
  address: [...requiredText({ max: 210 }), appAddress],
  urlContent: [
    ...requiredText({ max: 300 }),
    { message: 'validation.urlPath', test: (value: unknown) => /^\/[^\s?#]*$/.test(String(value)) },
  ],
  seq: [...requiredText({ max: 9 }), { message: 'validation.integer', test: (value: unknown) => /^-?\d+$/.test(String(value)) }],
} satisfies Record<string, FieldRule[]>;

const parentId = z.coerce.number().int().positive();
const seq = ruledNumber(functionModelRules.seq);

export const appInput = z.object({
  appCode: ruledString(functionModelRules.code),
  appName: ruledString(functionModelRules.name),
  address: ruledString(functionModelRules.address),
  transport: z.enum(appTransports),
  seq,
});
export const moduleInput = z.object({
  parentId,
  moduleCode: ruledString(functionModelRules.code),
  moduleName: ruledString(functionModelRules.name),
  seq,
});
export const functionInput = z.object({
  parentId,
  functionCode: ruledString(functionModelRules.longCode),
  functionName: ruledString(functionModelRules.name),
  seq,
});
export const operationInput = z.object({
  parentId,
  operationCode: ruledString(functionModelRules.longCode),
  operationName: ruledString(functionModelRules.name),
  operationTypeCode: z.enum(operationTypeCodes),
  isDefault: formFlag(false),
  seq,
});
export const urlInput = z.object({
  parentId,
  urlName: ruledString(functionModelRules.urlName),
  method: z.enum(urlMethods),
  urlContent: ruledString(functionModelRules.urlContent),
  accessType: z.enum(urlAccessTypes),
});
export type AppInput = z.infer<typeof appInput>;
export type ModuleInput = z.infer<typeof moduleInput>;
export type FunctionInput = z.infer<typeof functionInput>;
export type OperationInput = z.infer<typeof operationInput>;
export type UrlInput = z.infer<typeof urlInput>;
