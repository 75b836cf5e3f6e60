import BpmnModdle, { type ModdleElement } from 'bpmn-moddle';
import camunda from 'camunda-bpmn-moddle/resources/camunda.json' with { type: 'json' };
import { refuse } from './bpmnActivities.ts';

/** A process start tag, attributes quoted either way (a `>` may stand inside a quoted name). */
const processTag = /<(?:[\w.-]+:)?process\b(?:[^>"']|"[^"]*"|'[^']*')*>/g;
const idOf = (tag: string) => /\sid\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(tag);
const executableAttribute = /(\sisExecutable\s*=\s*)(?:"true"|'true')/;

const moddle = new BpmnModdle({ camunda });

/**
 * The file as the definition of one of its executable processes: the others are marked non-executable, so
 * the engine starts only this one yet still finds them for calls and messages. The text is edited in place
 * (diagram, comments and foreign attributes stay as written) and read back to prove the edit took.
 */
export async function processXml(xml: string, key: string, executableIds: string[]): Promise<string> {
  const edited = xml.replace(processTag, (tag) => {
    const id = idOf(tag);
    const value = id?.[1] ?? id?.[2];
    return value !== undefined && value !== key ? tag.replace(executableAttribute, '$1"false"') : tag;
  });
  const { rootElement } = await moddle.fromXML(edited);
  const still = ((rootElement.rootElements as ModdleElement[] | undefined) ?? [])
    .filter((root) => root.$type === 'bpmn:Process' && root.isExecutable === true)
    .map((root) => String(root.id));
  if (still.length !== 1 || still[0] !== key || !executableIds.includes(key)) {
    throw refuse('error.bpmInvalidXml', { reason: `the process ${key} could not be released apart from the others` });
  }
  return edited;
}
