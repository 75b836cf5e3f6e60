import type { FormFieldKind } from '@qiming/shared';
import type { DesignProblem } from './designProblems.ts';

/** What a field on the canvas can ask of the designer. */
export interface FieldActions {
  selected?: string;
  problems: DesignProblem[];
  select(uid: string): void;
  copy(uid: string): void;
  remove(uid: string): void;
  /** Adds a field of the kind at the end of a sub-table's columns. */
  addColumn(table: string, kind: FormFieldKind): void;
}
