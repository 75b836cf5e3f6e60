import { lazy } from 'react';

// The settings drawer and the password form load when first opened (see OnceOpened), not with the layout
// that every sign-in waits for: most visits open neither.
export const SettingsDrawer = lazy(() => import('./SettingsDrawer.tsx').then((module) => ({ default: module.SettingsDrawer })));
export const EditPasswordDialog = lazy(() => import('./EditPasswordDialog.tsx').then((module) => ({ default: module.EditPasswordDialog })));
