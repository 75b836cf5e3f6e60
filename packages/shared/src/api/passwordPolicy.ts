import type { MessageKey, MessageParams } from '../i18n/messages.ts';
import type { PasswordPolicy } from './answers/identity.ts';

export interface BrokenPasswordRule {
  key: MessageKey;
  params?: MessageParams;
}

/** The policy rules a candidate password breaks; empty when it may be used. */
export function brokenPasswordRules(policy: PasswordPolicy, password: string): BrokenPasswordRule[] {
  const broken: BrokenPasswordRule[] = [];
  const length = [...password].length;
  if (length < policy.pwdMinLength) broken.push({ key: 'policy.minLength', params: { n: policy.pwdMinLength } });
  if (length > policy.pwdMaxLength) broken.push({ key: 'policy.maxLength', params: { n: policy.pwdMaxLength } });
  if (policy.isUpCase && !/[A-Z]/.test(password)) broken.push({ key: 'policy.upperCase' });
  if (policy.isLowerCase && !/[a-z]/.test(password)) broken.push({ key: 'policy.lowerCase' });
  if (policy.isNum && !/\d/.test(password)) broken.push({ key: 'policy.digit' });
  if (policy.isSpecialChar && !/[^A-Za-z0-9]/.test(password)) broken.push({ key: 'policy.special' });
  return broken;
}
