import type { FieldRule } from '@qiming/shared';
import type { ReactNode } from 'react';

export interface ColumnDeclaration<Row> {
  key: keyof Row & string;
  /** i18n key of the header. */
  title: string;
  sortable?: boolean;
  width?: number;
  render?: (row: Row) => ReactNode;
}

export interface OptionDeclaration {
  value: string;
  /** i18n key. */
  label: string;
}

/** A yes/no choice: forms carry flags as the text the API's form bodies read. */
export const yesNoOptions: OptionDeclaration[] = [
  { value: 'true', label: 'identity.yes' },
  { value: 'false', label: 'identity.no' },
];

export interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

export interface FieldDeclaration {
  name: string;
  /** i18n key. */
  label: string;
  /** Shared rules: the form shows the messages the server would answer. */
  rules?: readonly FieldRule[];
  /** `code`: a tall monospaced text area, for config content. */
  input?: 'text' | 'textarea' | 'code' | 'number' | 'select' | 'password' | 'tree' | 'date';
  options?: OptionDeclaration[];
  /** For `tree`: the choices as a tree (organs). */
  tree?: TreeOption[];
  /** Shown only when creating (a password, set once). */
  createOnly?: boolean;
  /** A name that identifies the record to others (a namespace id, a data ID) is set once. */
  readOnlyOnEdit?: boolean;
}

export interface ResourcePermissions {
  create?: string;
  update?: string;
  delete?: string;
  export?: string;
}

/** One declaration per back-office entity: the generic list, search, form, delete and export render it. */
export interface ResourceDeclaration<Row extends { id: number }> {
  /** i18n key of the entity's singular noun, for dialog titles. */
  name: string;
  /** API path of the list under `/api`, e.g. `/admin/dicts`. */
  apiPath: string;
  columns: ColumnDeclaration<Row>[];
  searchFields?: FieldDeclaration[];
  formFields?: FieldDeclaration[];
  permissions: ResourcePermissions;
  rowActions?: (row: Row) => ReactNode;
  /** The edit form's values when they differ from the row's, e.g. an object shown as JSON text. */
  formValues?: (row: Row) => Record<string, unknown>;
  /** Further toolbar buttons, given the selected rows. */
  toolbar?: (selection: { selected: number[]; reload(): Promise<void> }) => ReactNode;
  /** Re-reads the list this often, for rows that change by themselves (instance health). */
  refreshEveryMs?: number;
}
