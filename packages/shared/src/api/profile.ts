import { z } from 'zod';
import { optionalText } from '../validation/rules.ts';
import { ruledString } from '../validation/zod.ts';
import { identityRules } from './identity.ts';
import { attachmentUrlPattern } from './portalAdmin.ts';

export const profileRules = { name: identityRules.name, introduction: optionalText({ max: 500 }) };

/** What a user changes of their own account on the profile page. */
export const profileInput = z.object({ name: ruledString(profileRules.name), introduction: ruledString(profileRules.introduction) });
export type ProfileInput = z.infer<typeof profileInput>;

/** The own avatar: an uploaded image, or empty for the initials. */
export const avatarInput = z.object({
  avatar: ruledString(
    optionalText({ max: 300 }, [{ message: 'validation.imageRef', test: (value) => attachmentUrlPattern.test(String(value)) }]),
  ),
});
