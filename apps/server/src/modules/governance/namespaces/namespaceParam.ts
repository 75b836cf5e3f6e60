import { governanceRules, ruledString } from '@qiming/shared';
import { z } from 'zod';

/** `:namespaceId` of the back-office's registry and config routes. */
export const namespaceParams = z.object({ namespaceId: ruledString(governanceRules.namespaceId) });
