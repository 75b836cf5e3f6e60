import { type CollisionDetection, closestCenter, pointerWithin, type UniqueIdentifier } from '@dnd-kit/core';
import { canvasDropId } from './Canvas.tsx';
import { subTableDropId } from './SubTableColumns.tsx';
import { type DesignSchema, findField, levelOf, type Place } from './schemaEditing.ts';

/**
 * What a dragged item is over. A field being moved only meets the fields of its own level, nearest
 * first (pointer and keyboard alike). A kind from the palette lands on the innermost target under the
 * pointer (a column rather than the sub-table around it), and on nothing when let go elsewhere.
 */
export const designerCollision: CollisionDetection = (args) => {
  const level = args.active.data.current?.level as string | undefined;
  if (level !== undefined) {
    const ownLevel = args.droppableContainers.filter((container) => container.data.current?.level === level);
    return closestCenter({ ...args, droppableContainers: ownLevel });
  }
  const area = (id: UniqueIdentifier) => {
    const rect = args.droppableRects.get(id);
    return rect ? rect.width * rect.height : Number.POSITIVE_INFINITY;
  };
  return pointerWithin(args).sort((a, b) => area(a.id) - area(b.id));
};

/** Where a kind dropped on the target goes: the end of the canvas or of a sub-table, or the place of a field. */
export function dropPlace(design: DesignSchema, over: UniqueIdentifier): Place | undefined {
  const id = String(over);
  if (id === canvasDropId) return {};
  const table = design.fields.find((field) => subTableDropId(field.uid) === id);
  if (table) return { parent: table.uid };
  const found = findField(design, id);
  if (!found) return undefined;
  return { parent: found.parent, index: levelOf(design, found.parent).findIndex((field) => field.uid === id) };
}
