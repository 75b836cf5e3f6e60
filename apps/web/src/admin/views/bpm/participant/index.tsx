import { type BpmParticipant, participantKinds, requiredSelect, requiredText } from '@qiming/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { bpmAccess } from '../../../bpm/bpmAccess.ts';
import { bpmPaths } from '../../../bpm/bpmApi.ts';
import { bpmKeyRules } from '../../../bpm/bpmRules.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';

const kindOptions = participantKinds.map((kind) => ({ value: kind, label: `bpm.participant.kinds.${kind}` }));

/** Participants: the accounts, roles and organs that may start a definition (by key). */
export default function BpmParticipantPage() {
  const { t } = useTranslation();
  const resource: ResourceDeclaration<BpmParticipant> = {
    name: 'bpm.participant.entity',
    apiPath: bpmPaths.participants,
    permissions: { create: bpmAccess.participantAdd, update: bpmAccess.participantEdit, delete: bpmAccess.participantDelete },
    columns: [
      { key: 'definitionKey', title: 'bpm.participant.definitionKey' },
      { key: 'kind', title: 'bpm.participant.kind', render: (row) => t(`bpm.participant.kinds.${row.kind}`) },
      { key: 'ref', title: 'bpm.participant.ref' },
      { key: 'refName', title: 'bpm.participant.refName', render: (row) => row.refName || t('bpm.participant.missing') },
      { key: 'createdAt', title: 'bpm.participant.createdAt', render: (row) => formatDateTime(row.createdAt) },
    ],
    searchFields: [
      { name: 'definitionKey', label: 'bpm.participant.definitionKey' },
      { name: 'kind', label: 'bpm.participant.kind', input: 'select', options: kindOptions },
    ],
    formFields: [
      { name: 'definitionKey', label: 'bpm.participant.definitionKey', rules: bpmKeyRules },
      { name: 'kind', label: 'bpm.participant.kind', input: 'select', options: kindOptions, rules: requiredSelect() },
      { name: 'ref', label: 'bpm.participant.refHint', rules: requiredText({ max: 64 }) },
    ],
    createValues: () => ({ kind: 'role' }),
  };
  return <ResourceTable resource={resource} />;
}
