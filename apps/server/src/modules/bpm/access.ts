import {
  listOperations,
  type ModuleDeclaration,
  type OperationDeclaration,
  type UrlDeclaration,
} from '../../http/operationDeclarations.ts';

const base = '/api/admin/bpm';
const engineRest = '/engine-rest';

const operation = (code: string, name: string, type: OperationDeclaration['type'], urls: UrlDeclaration[]): OperationDeclaration => ({
  code,
  name,
  type,
  access: 'authorised',
  isDefault: type === 'view',
  urls,
});

/**
 * The workflow suite (issue 10), one function per menu entry. Each URL belongs to exactly one
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
        ...listOperations('model', `${base}/models`, [
          `GET ${base}/models/:id`,
          `GET ${base}/models/lookup/accounts`,
          `GET ${base}/models/lookup/roles`,
        ]),
        operation('model:release', 'Release', 'other', [`POST ${base}/models/:id/release`]),
        operation('model:import', 'Import XML', 'add', [`POST ${base}/models/import`]),
        operation('model:export', 'Export XML', 'export', [`GET ${base}/models/:id/xml`]),
      ],
    },
    {
      code: 'bpm.definition',
      name: 'Process definitions',
      operations: [
        operation('definition:view', 'View', 'view', [`GET ${base}/definitions`, `GET ${base}/definitions/:id`]),
        operation('definition:xml', 'XML', 'export', [`GET ${base}/definitions/:id/xml`]),
        operation('definition:suspend', 'Suspend', 'other', [`POST ${base}/definitions/:id/suspend`]),
        operation('definition:activate', 'Activate', 'other', [`POST ${base}/definitions/:id/activate`]),
      ],
    },
    {
      code: 'bpm.task',
      name: 'My tasks',
      operations: [
        operation('task:view', 'View', 'view', [
          `GET ${base}/tasks/todo`,
          `GET ${base}/tasks/done`,
          `GET ${base}/tasks/startable`,
          `GET ${base}/tasks/:id`,
          `GET ${base}/tasks/:id/diagram`,
        ]),
        operation('task:start', 'Start a process', 'add', [`POST ${base}/instances`, `GET ${base}/tasks/startable/:key/form`]),
        operation('task:claim', 'Claim', 'edit', [`POST ${base}/tasks/:id/claim`]),
        operation('task:complete', 'Complete', 'edit', [`POST ${base}/tasks/:id/complete`, `GET ${base}/tasks/:id/form`]),
        operation('task:assignee', 'Re-assign', 'edit', [`POST ${base}/tasks/:id/assignee`, `GET ${base}/tasks/lookup/accounts`]),
        operation('task:unclaim', 'Cancel assignment', 'edit', [`POST ${base}/tasks/:id/unclaim`]),
        operation('task:recall', 'Recall', 'edit', [`POST ${base}/tasks/:id/recall`]),
        operation('task:return', 'Return', 'edit', [`POST ${base}/tasks/:id/return`]),
        operation('task:comment', 'Comment', 'add', [`POST ${base}/tasks/:id/comments`]),
      ],
    },
    {
      code: 'bpm.monitor',
      name: 'Process monitoring',
      operations: [
        operation('instance:view', 'View', 'view', [
          `GET ${base}/instances`,
          `GET ${base}/instances/:id`,
          `GET ${base}/instances/:id/diagram`,
        ]),
        operation('instance:suspend', 'Hang up', 'other', [`POST ${base}/instances/:id/suspend`]),
        operation('instance:activate', 'Recover', 'other', [`POST ${base}/instances/:id/activate`]),
        operation('instance:terminate', 'Terminate', 'other', [`POST ${base}/instances/:id/terminate`]),
        operation('instance:interrupt', 'Interrupt', 'other', [`POST ${base}/instances/:id/activities/:activityId/interrupt`]),
        operation('instance:delete', 'Delete', 'delete', [`POST ${base}/instances/delete`]),
        // Tasks nobody holds (no assignee, no candidate) are offered to this grant's holders, who may also re-assign any task.
        operation('task:admin', 'Administer tasks', 'other', [`POST ${base}/instances/:id/tasks/:taskId/assignee`]),
        operation('instance:incident', 'Retry or resolve incidents', 'other', [
          `POST ${base}/incidents/:id/retry`,
          `POST ${base}/incidents/:id/resolve`,
        ]),
      ],
    },
    { code: 'bpm.participant', name: 'Participants', operations: listOperations('participant', `${base}/participants`) },
    {
      code: 'bpm.listener',
      name: 'Listeners',
      operations: listOperations('listener', `${base}/listeners`, [`GET ${base}/listeners/logs`]),
    },
    {
      code: 'bpm.plugin',
      name: 'Plugin buttons and types',
      operations: [...listOperations('pluginType', `${base}/plugin-types`), ...listOperations('pluginButton', `${base}/plugin-buttons`)],
    },
    {
      // Camunda's REST API for workers and integrations (engineRest/): a worker role needs only the first.
      code: 'bpm.engineRest',
      name: 'Camunda REST clients',
      operations: [
        operation('externalTask:work', 'Work on external tasks', 'edit', [
          `POST ${engineRest}/external-task/fetchAndLock`,
          `POST ${engineRest}/external-task/:id/complete`,
          `POST ${engineRest}/external-task/:id/failure`,
          `POST ${engineRest}/external-task/:id/bpmnError`,
          `POST ${engineRest}/external-task/:id/extendLock`,
          `POST ${engineRest}/external-task/:id/lock`,
          `POST ${engineRest}/external-task/:id/unlock`,
          `PUT ${engineRest}/external-task/:id/retries`,
          `GET ${engineRest}/external-task`,
          `GET ${engineRest}/external-task/:id`,
          `GET ${engineRest}/engine`,
          `GET ${engineRest}/version`,
        ]),
        operation('engineRest:start', 'Start processes', 'add', [
          `POST ${engineRest}/process-definition/key/:key/start`,
          `GET ${engineRest}/process-definition/key/:key/form-variables`,
        ]),
        operation('engineRest:task', 'Query, claim and complete user tasks', 'edit', [
          `GET ${engineRest}/task`,
          `GET ${engineRest}/task/:id/form-variables`,
          `POST ${engineRest}/task/:id/claim`,
          `POST ${engineRest}/task/:id/complete`,
        ]),
        operation('engineRest:message', 'Correlate messages and throw signals', 'other', [
          `POST ${engineRest}/message`,
          `POST ${engineRest}/signal`,
        ]),
      ],
    },
    {
      // Camunda's message correlation and signal broadcast, for integrations (and /engine-rest's message and signal).
      code: 'bpm.event',
      name: 'Messages and signals',
      operations: [
        operation('message:correlate', 'Correlate messages', 'other', ['POST /api/bpm/message']),
        operation('signal:throw', 'Throw signals', 'other', ['POST /api/bpm/signal']),
      ],
    },
    {
      code: 'bpm.statistics',
      name: 'Performance statistics',
      operations: [operation('statistics:view', 'View', 'view', [`GET ${base}/statistics`])],
    },
  ],
};
