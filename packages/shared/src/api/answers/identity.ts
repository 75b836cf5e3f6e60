import { z } from 'zod';
import { authStrategies } from '../identity.ts';

const id = z.number().int();

export const organType = z.object({ id, typeCode: z.string(), typeName: z.string(), parentTypeCode: z.string().nullable() });
export type OrganType = z.infer<typeof organType>;

export const structure = z.object({ id, struType: z.string(), struTypeName: z.string() });
export type Structure = z.infer<typeof structure>;

export const organ = z.object({
  id,
  organCode: z.string(),
  organName: z.string(),
  shortName: z.string(),
  typeCode: z.string(),
  principalName: z.string(),
});
export type Organ = z.infer<typeof organ>;

/** An organ where a structure places it, with the organs under it. */
export const organTreeNode = z
  .object({
    id,
    organCode: z.string(),
    organName: z.string(),
    shortName: z.string(),
    typeCode: z.string(),
    principalName: z.string(),
    parentOrganId: id.nullable(),
    struOrder: z.number().int(),
    get children(): z.ZodArray<typeof organTreeNode> {
      return z.array(organTreeNode);
    },
  })
  .meta({ id: 'OrganTreeNode' });
export type OrganTreeNode = z.infer<typeof organTreeNode>;

/** A position as it was written (the answer to a create or a change). */
export const staffPosition = z.object({ id, organId: id, positionCode: z.string(), positionName: z.string() });
export type StaffPosition = z.infer<typeof staffPosition>;

/** A position of an organ with the employee holding it. */
export const organPosition = staffPosition.extend({ staffName: z.string().nullable() });
export type OrganPosition = z.infer<typeof organPosition>;

export const staff = z.object({
  id,
  staffCode: z.string(),
  staffName: z.string(),
  organId: id,
  positionId: id.nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  idNumber: z.string().nullable(),
});
export type Staff = z.infer<typeof staff>;

export const account = z.object({
  id,
  userName: z.string(),
  name: z.string(),
  userStatus: z.enum(['normal', 'lock']),
  organId: id.nullable(),
  organName: z.string().nullable(),
  staff: id.nullable(),
  administrator: z.boolean(),
  manageRange: id.nullable(),
  maxSessionNumber: z.number().int(),
  isUseIpChecked: z.boolean(),
  ipPolicy: z.string(),
  authStrategy: z.enum(authStrategies),
  createdAt: z.number(),
});
export type Account = z.infer<typeof account>;

export const accountSession = z.object({
  id: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.number(),
  clientId: z.string(),
});
export type AccountSession = z.infer<typeof accountSession>;

export const role = z.object({
  id,
  roleCode: z.string(),
  roleName: z.string(),
  roleType: z.enum(['builtin', 'common']),
  isSuper: z.boolean(),
  positionType: z.string(),
  roleScope: z.enum(['global', 'organ']),
  belongToOrgan: id.nullable(),
  accountCount: z.number().int(),
});
export type Role = z.infer<typeof role>;

export const functionTreeNode = z
  .object({
    key: z.string(),
    /** The name the function model gives, in English; pages show their own translation of `code`. */
    title: z.string(),
    /** The app, module, function or operation code (`qiming`, `iam`, `iam.role`, `role:grant`). */
    code: z.string(),
    operationId: id.optional(),
    get children(): z.ZodOptional<z.ZodArray<typeof functionTreeNode>> {
      return z.array(functionTreeNode).optional();
    },
  })
  .meta({ id: 'FunctionTreeNode' });
export type FunctionTreeNode = z.infer<typeof functionTreeNode>;

/** How many records a batch grant touched. */
export const batchGrant = z.object({ roles: z.number().int() });
export const batchAuthorisationAnswer = z.object({ accounts: z.number().int(), roles: z.number().int() });

/** The signed-in user, as the back-office reads it on every start. */
export const currentUser = z.object({
  id,
  userName: z.string(),
  name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  roles: z.array(z.string()),
  menuTypeId: id,
  isSuper: z.boolean(),
  /** The password outlived the policy: the back-office asks for a new one before anything else. */
  passwordExpired: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** A session of one's own, `current` for the one this page is open in. */
export const ownSession = accountSession.extend({ current: z.boolean() });
export type OwnSession = z.infer<typeof ownSession>;

export const profileText = z.object({ name: z.string(), introduction: z.string() });
export const profileAvatar = z.object({ avatar: z.string() });

/** The global password policy of spec section 3; lock and life times in minutes and days. */
export const passwordPolicy = z.object({
  pwdMinLength: z.number().int(),
  pwdMaxLength: z.number().int(),
  isUpCase: z.boolean(),
  isLowerCase: z.boolean(),
  isNum: z.boolean(),
  isSpecialChar: z.boolean(),
  loginAttempts: z.number().int(),
  /** Minutes an account stays locked after `loginAttempts` failures. */
  pwdLockTime: z.number().int(),
  /** Days a password lives; 0 never expires. */
  pwdLifeTime: z.number().int(),
  /** Sign-ins allowed with an expired password before it must be changed. */
  pwdGraceTime: z.number().int(),
});
export type PasswordPolicy = z.infer<typeof passwordPolicy>;

/** A day of an organ's calendar; `marked` when set here rather than by default (weekdays work). */
export const workDay = z.object({ solarDate: z.string(), isWorking: z.boolean(), marked: z.boolean() });
export type WorkDay = z.infer<typeof workDay>;

/** Whether `date` is a working day, and the date `plus` working days after it. */
export const workingDayAnswer = z.object({ date: z.string(), isWorking: z.boolean(), plus: z.number().int(), result: z.string() });
