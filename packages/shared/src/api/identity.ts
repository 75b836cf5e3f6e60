import { z } from 'zod';
import { isValidIpPolicy } from '../validation/ipPolicy.ts';
import { type FieldRule, fieldRules, optionalText, requiredText } from '../validation/rules.ts';
import { formFlag, formList, ruledNumber, ruledString } from '../validation/zod.ts';

const code: FieldRule = { message: 'validation.code', test: (value) => /^[A-Za-z][A-Za-z0-9_.-]*$/.test(String(value)) };
const flag = formFlag(false);
const optionalId = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? null : value),
  z.coerce.number().int().positive().nullable(),
);
const idList = formList(z.array(z.coerce.number().int().positive()).max(5000));

export const identityRules = {
  typeCode: [...requiredText({ max: 10 }), code],
  name: requiredText({ max: 100 }),
  shortName: optionalText({ max: 50 }),
  code: [...requiredText({ max: 50 }), code],
  principalName: optionalText({ max: 50 }),
  userName: fieldRules.userName,
  maxSessionNumber: [
    ...requiredText({ max: 6 }),
    { message: 'validation.maxSessions', test: (value: unknown) => /^(-1|[1-9]\d*)$/.test(String(value)) },
  ],
  ipPolicy: [
    ...optionalText({ max: 1000 }),
    { message: 'validation.ipPolicy', test: (value: unknown) => isValidIpPolicy(String(value ?? '')) },
  ],
  positiveInteger: [...requiredText({ max: 6 }), ...fieldRules.positiveInteger],
  naturalNumber: [...requiredText({ max: 6 }), ...fieldRules.naturalNumber],
  seq: [...requiredText({ max: 9 }), ...fieldRules.integer],
  optionalText: optionalText({ max: 255 }),
  mobile: fieldRules.mobile,
  email: [...optionalText({ max: 100 }), ...fieldRules.email],
  idNumber: fieldRules.idNumber,
} satisfies Record<string, FieldRule[]>;

export const organTypeInput = z.object({
  typeCode: ruledString(identityRules.typeCode),
  typeName: ruledString(identityRules.name),
  parentTypeCode: z.preprocess((value) => value || null, z.string().max(10).nullable()),
});
export type OrganTypeInput = z.infer<typeof organTypeInput>;

export const structureInput = z.object({ struType: ruledString(identityRules.code), struTypeName: ruledString(identityRules.name) });
export type StructureInput = z.infer<typeof structureInput>;
/** A structure keeps its code (organs are placed by it); only its name changes. */
export const structureRename = structureInput.pick({ struTypeName: true });

export const organInput = z.object({
  organCode: ruledString(identityRules.code),
  organName: ruledString(identityRules.name),
  shortName: ruledString(identityRules.shortName),
  typeCode: ruledString(identityRules.typeCode),
  principalName: ruledString(identityRules.principalName),
});
export type OrganInput = z.infer<typeof organInput>;

/** Where an organ goes in one structure: under `parentOrganId` (none: a root), at `index` among its siblings. */
export const organPlacement = z.object({
  struType: ruledString(identityRules.code),
  parentOrganId: optionalId,
  index: z.coerce.number().int().min(0).max(100_000).default(100_000),
});
export type OrganPlacement = z.infer<typeof organPlacement>;

export const positionInput = z.object({
  organId: z.coerce.number().int().positive(),
  positionCode: ruledString(identityRules.code),
  positionName: ruledString(identityRules.name),
});
export type PositionInput = z.infer<typeof positionInput>;

/** An optional text field: checked by its rules when given, stored as null when left empty. */
const optionalRuled = (rules: readonly FieldRule[]) => ruledString(rules).transform((value) => (value === '' ? null : value));

export const positionUpdate = positionInput.omit({ organId: true });
export type PositionUpdate = z.infer<typeof positionUpdate>;

export const staffInput = z.object({
  staffCode: ruledString(identityRules.code),
  staffName: ruledString(identityRules.name),
  organId: z.coerce.number().int().positive(),
  positionId: optionalId,
  mobile: ruledString(identityRules.mobile),
  email: optionalRuled(identityRules.email),
  idNumber: optionalRuled(identityRules.idNumber),
});
export type StaffInput = z.infer<typeof staffInput>;

export const authStrategies = ['password', 'clientOnly'] as const;

const accountFields = {
  userName: ruledString(identityRules.userName),
  name: ruledString(identityRules.name),
  organId: optionalId,
  staff: optionalId,
  administrator: flag,
  manageRange: optionalId,
  maxSessionNumber: ruledNumber(identityRules.maxSessionNumber),
  isUseIpChecked: flag,
  ipPolicy: ruledString(identityRules.ipPolicy),
  authStrategy: z.enum(authStrategies).default('password'),
};

/** A new account: the password and its confirmation must match; the policy is checked on the server. */
export const accountCreate = z
  .object({ ...accountFields, password: z.string().min(1).max(200), confirmPassword: z.string().max(200) })
  .refine((value) => value.password === value.confirmPassword, { message: 'validation.passwordMismatch', path: ['confirmPassword'] });
export type AccountCreate = z.infer<typeof accountCreate>;
export const accountUpdate = z.object(accountFields);
export type AccountUpdate = z.infer<typeof accountUpdate>;
export const passwordReset = z
  .object({ password: z.string().min(1).max(200), confirmPassword: z.string().max(200) })
  .refine((value) => value.password === value.confirmPassword, { message: 'validation.passwordMismatch', path: ['confirmPassword'] });

export const roleInput = z.object({
  roleCode: ruledString(identityRules.code),
  roleName: ruledString(identityRules.name),
  positionType: ruledString(optionalText({ max: 50 })),
  roleScope: z.enum(['global', 'organ']).default('global'),
  belongToOrgan: optionalId,
});
export type RoleInput = z.infer<typeof roleInput>;

export const operationGrants = z.object({ operationIds: idList });
export const organGrants = z.object({ organIds: idList });
const someIds = idList.refine((ids) => ids.length > 0, 'error.selectOne');
export const batchAuthorisation = z.object({ accountIds: someIds, roleIds: someIds, revoke: flag });
/** Batch function authorisation: the same operations added to (or with `revoke` taken from) several roles. */
export const batchOperationGrants = z.object({ roleIds: someIds, operationIds: someIds, revoke: flag });
/** Batch data authorisation: the same organs added to (or taken from) several roles. */
export const batchOrganGrants = z.object({ roleIds: someIds, organIds: someIds, revoke: flag });

const positive = ruledNumber(identityRules.positiveInteger);
const natural = ruledNumber(identityRules.naturalNumber);
export const passwordPolicyInput = z
  .object({
    pwdMinLength: positive,
    pwdMaxLength: positive,
    isUpCase: flag,
    isLowerCase: flag,
    isNum: flag,
    isSpecialChar: flag,
    loginAttempts: positive,
    pwdLockTime: positive,
    pwdLifeTime: natural,
    pwdGraceTime: natural,
  })
  .refine((policy) => policy.pwdMinLength <= policy.pwdMaxLength, { message: 'validation.minAboveMax', path: ['pwdMaxLength'] });

export const menuTypeInput = z.object({ menuTypeName: ruledString(identityRules.name), isSys: flag });
export const menuInput = z.object({
  menuCode: ruledString([
    ...requiredText({ max: 100 }),
    { message: 'validation.code', test: (value) => /^[A-Za-z][A-Za-z0-9_]*$/.test(String(value)) },
  ]),
  menuName: ruledString(identityRules.name),
  parentMenuId: optionalId,
  isLeaf: flag,
  menuPath: ruledString(optionalText({ max: 200 })),
  requestAction: ruledString(optionalText({ max: 100 })),
  icon: ruledString(optionalText({ max: 50 })),
  seq: ruledNumber(identityRules.seq),
  target: z.enum(['_self', '_blank']).default('_self'),
});
export type MenuInput = z.infer<typeof menuInput>;

/** A real calendar date as YYYY-MM-DD (no 31 February). */
export const solarDate = z
  .string()
  .refine(
    (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'validation.date',
  );
export const workDayMarks = z.object({
  dates: z.preprocess((value) => (Array.isArray(value) ? value : value ? [value] : []), z.array(solarDate).min(1).max(400)),
  isWorking: flag,
});
export const monthQuery = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.month') });

export const accountSortable = ['userName', 'name', 'createdAt'] as const;
export const roleSortable = ['roleCode', 'roleName'] as const;
