/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base; `/api` when unset. */
  readonly VITE_API_BASE?: string;
  /** `legacy` builds the back-office routes from the older menu-type call. */
  readonly VITE_MENU_SOURCE?: 'menu' | 'legacy';
}
