import type { FieldRule } from '@qiming/shared';
import type { ComponentType, ReactNode } from 'react';
import type { ListPath } from '../../core/request/apiPaths.ts';

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
  input?: 'text' | 'textarea' | 'code' | 'number' | 'select' | 'password' | 'tree' | 'date' | 'dateTime' | 'image' | 'richText';
  options?: OptionDeclaration[];
  /** An input of the page's own, for values no generic input edits (a route's predicates). */
  component?: ComponentType<{ value?: unknown; onChange?: (value: unknown) => void; id?: string }>;
  /** For `tree`: the choices as a tree (organs). */
  tree?: TreeOption[];
  /** Shown only when creating (a password, set once). */
  createOnly?: boolean;
  /** A name that identifies the record to others (a namespace id, a data ID) is set once. */
  readOnlyOnEdit?: boolean;
  /** Shown, and sent, only while the form's values pass (a webhook's URL only for a webhook receiver). */
  shownWhen?: (values: Record<string, unknown>) => boolean;
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
  /** API path of the list under `/api`, e.g. `/admin/dicts`: one the server serves, listing `Row`s. */
  apiPath: ListPath<Row>;
  columns: ColumnDeclaration<Row>[];
  searchFields?: FieldDeclaration[];
  formFields?: FieldDeclaration[];
  permissions: ResourcePermissions;
  rowActions?: (row: Row) => ReactNode;
  /** Whether this row is editable by a user who holds `permissions.update`, when that depends on the row and other grants. */
  editable?: (row: Row, holds: (code: string) => boolean) => boolean;
  /** The edit form's values when they differ from the row's, e.g. an object shown as JSON text. */
  formValues?: (row: Row) => Record<string, unknown>;
  /** Further toolbar buttons, given the selected rows. */
  toolbar?: (selection: { selected: number[]; reload(): Promise<void> }) => ReactNode;
  /** The form's values as the API reads them, when they differ (lists the form body must keep as lists). */
  submitValues?: (values: Record<string, unknown>) => object;
  /** Details shown under a row when it is expanded. */
  expandedRow?: (row: Row) => ReactNode;
  /** The create form's first values, e.g. the time now. */
  createValues?: () => Record<string, unknown>;
  /** A wider dialog, for a rich-text body. */
  dialogWidth?: number;
  /** Buttons beside the dialog's Save, given the form's current values and the row being edited. */
  dialogActions?: (form: { values: () => Record<string, unknown>; row?: Row }) => ReactNode;
  /** Re-reads the list this often, for rows that change by themselves (instance health). */
  refreshEveryMs?: number;
}
