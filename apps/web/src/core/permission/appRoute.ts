/** A back-office route as built from the server's menu; react-router objects are made from these. */
export interface AppRoute {
  path: string;
  /** Menu code for entries, action name for action routes. */
  name: string;
  kind: 'group' | 'page' | 'external' | 'iframe' | 'action';
  meta: {
    /** An i18n key; `titleText` is shown when the catalogue does not know it. */
    title: string;
    titleText: string;
    icon?: string;
    authority: string;
    hidden?: boolean;
    noCache?: boolean;
    affix?: boolean;
  };
  /** Groups: their first child; actions: the page they belong to. */
  redirect?: string;
  /** Pages: which view set and which view under it. */
  viewSet?: 'main' | 'opt';
  view?: string;
  /** External links and iframes. */
  url?: string;
  children?: AppRoute[];
}

export const isExternalUrl = (path: string) => /^https?:\/\//i.test(path);
