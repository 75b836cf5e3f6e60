import { listOperations, type ModuleDeclaration, type OperationDeclaration } from '../../http/operationDeclarations.ts';

const operation = (code: string, name: string, type: OperationDeclaration['type']): OperationDeclaration => ({
  code,
  name,
  type,
  access: 'authorised',
  isDefault: type === 'view',
});

/**
 * The workflow suite (issue 10), one function per menu entry. Each route names exactly one
 * operation, so handing over (claim, complete, recall, ...) and watching (suspend, terminate, ...) are
 * granted one by one; starting an instance comes with the to-do function, watching all of them with the
 * monitor's.
 */
export const bpmAccess: ModuleDeclaration = {
  code: 'bpm',
  name: 'Workflow',
  functions: [
    {
      code: 'bpm.model',
      name: 'Process models',
      operations: [
        ...listOperations('model'),
        operation('model:release', 'Release', 'other'),
        operation('model:import', 'Import XML', 'add'),
        operation('model:export', 'Export XML', 'export'),
      ],
    },
    {
      code: 'bpm.definition',
      name: 'Process definitions',
      operations: [
        operation('definition:view', 'View', 'view'),
        operation('definition:xml', 'XML', 'export'),
        operation('definition:suspend', 'Suspend', 'other'),
        operation('definition:activate', 'Activate', 'other'),
      ],
    },
    {
      code: 'bpm.task',
      name: 'My tasks',
      operations: [
        operation('task:view', 'View', 'view'),
        operation('task:start', 'Start a process', 'add'),
        operation('task:claim', 'Claim', 'edit'),
        operation('task:complete', 'Complete', 'edit'),
        operation('task:assignee', 'Re-assign', 'edit'),
        operation('task:unclaim', 'Cancel assignment', 'edit'),
        operation('task:recall', 'Recall', 'edit'),
        operation('task:return', 'Return', 'edit'),
        operation('task:comment', 'Comment', 'add'),
      ],
    },
    {
      code: 'bpm.monitor',
      name: 'Process monitoring',
      operations: [
        operation('instance:view', 'View', 'view'),
        operation('instance:suspend', 'Hang up', 'other'),
        operation('instance:activate', 'Recover', 'other'),
        operation('instance:terminate', 'Terminate', 'other'),
        operation('instance:interrupt', 'Interrupt', 'other'),
        operation('instance:delete', 'Delete', 'delete'),
        // Tasks nobody holds (no assignee, no candidate) are offered to this grant's holders, who may also re-assign any task.
        operation('task:admin', 'Administer tasks', 'other'),
        operation('instance:incident', 'Retry or resolve incidents', 'other'),
      ],
    },
    { code: 'bpm.participant', name: 'Participants', operations: listOperations('participant') },
    {
      code: 'bpm.listener',
      name: 'Listeners',
      operations: listOperations('listener'),
    },
    {
      code: 'bpm.plugin',
      name: 'Plugin buttons and types',
      operations: [...listOperations('pluginType'), ...listOperations('pluginButton')],
    },
    {
      // Camunda's REST API for workers and integrations (engineRest/): a worker role needs only the first.
      code: 'bpm.engineRest',
      name: 'Camunda REST clients',
      operations: [
        operation('externalTask:work', 'Work on external tasks', 'edit'),
        operation('engineRest:start', 'Start processes', 'add'),
        operation('engineRest:task', 'Query, claim and complete user tasks', 'edit'),
        operation('engineRest:message', 'Correlate messages and throw signals', 'other'),
      ],
    },
    {
      // Camunda's message correlation and signal broadcast, for integrations (and /engine-rest's message and signal).
      code: 'bpm.event',
      name: 'Messages and signals',
      operations: [operation('message:correlate', 'Correlate messages', 'other'), operation('signal:throw', 'Throw signals', 'other')],
    },
    {
      code: 'bpm.statistics',
      name: 'Performance statistics',
      operations: [operation('statistics:view', 'View', 'view')],
    },
  ],
};
