import type { ModdleElement } from 'bpmn-moddle';
import { elementName, refuse } from './bpmnActivities.ts';

/**
 * Refuses scripts anywhere in the file, at any depth: in non-executable processes too, since a message
 * or a call from the released process may start them in the same engine. A script task is named as an
 * element the engine cannot run; a script anywhere else (conditions, listeners, inputs) as a script.
 */
export function refuseHiddenCode(roots: ModdleElement[]): void {
  const seen = new Set<unknown>();
  const visit = (node: unknown, owner: ModdleElement): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) visit(item, owner);
      return;
    }
    const element = node as ModdleElement;
    const type = typeof element.$type === 'string' ? element.$type : '';
    const named = type && element.id ? element : owner;
    if (type === 'bpmn:ScriptTask') throw refuse('error.bpmUnsupportedElement', { element: elementName(element), type });
    if (/script/i.test(type) || (type && element.scriptFormat) || (type === 'bpmn:FormalExpression' && element.language))
      throw refuse('error.bpmScriptRefused', { element: elementName(named) });
    for (const [key, value] of Object.entries(element)) {
      // References point elsewhere in the document (visited there); $parent and $descriptor are moddle's own.
      if (key.startsWith('$') || key.endsWith('Ref') || key.endsWith('Refs')) continue;
      visit(value, named);
    }
  };
  for (const root of roots) visit(root, root);
}
