import type { FunctionDeclaration } from '../../http/operationDeclarations.ts';

/**
 * Images for the website, forms and avatars. Anyone signed in may upload (an avatar needs no grant);
 * what refers to an upload is checked by the module that keeps the reference. Stored files are served
 * to everyone: their address is their content's SHA-256, which nobody guesses.
 */
export const attachmentAccess: FunctionDeclaration = {
  code: 'platform.attachment',
  name: 'Attachment store',
  operations: [
    { code: 'attachment:upload', name: 'Upload', type: 'add', access: 'signedIn' },
    { code: 'attachment:read', name: 'Read', type: 'view', access: 'public' },
  ],
};
