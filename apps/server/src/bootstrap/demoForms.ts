import { type FormInput, formInput, validateSubmission } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { insertForm, insertSubmission, insertVersion } from '../modules/forms/formRepo.ts';

const day = 24 * 60 * 60_000;

/** The leave request the workflow demo's approval uses as its first task's form. */
const leaveRequest: FormInput = formInput.parse({
  name: '请假申请',
  description: '员工请假：类型、日期、天数、事由与工作交接。',
  action: 'leave.apply',
  url: '',
  modelName: 'LeaveRequest',
  field: {
    fields: [
      {
        key: 'basics',
        kind: 'staticText',
        label: { zh: '请假信息', en: 'Leave', es: 'Permiso', ja: '休暇情報' },
        help: { zh: '请如实填写，三天以上的请假需总监审批。', en: 'Leave of more than three days also needs a director.' },
      },
      {
        key: 'leaveType',
        kind: 'select',
        label: { zh: '请假类型', en: 'Type of leave', es: 'Tipo de permiso', ja: '休暇の種類' },
        required: true,
        span: 12,
        options: [
          { value: 'annual', label: { zh: '年假', en: 'Annual leave', es: 'Vacaciones', ja: '年次休暇' } },
          { value: 'sick', label: { zh: '病假', en: 'Sick leave', es: 'Baja por enfermedad', ja: '病気休暇' } },
          { value: 'personal', label: { zh: '事假', en: 'Personal leave', es: 'Asuntos propios', ja: '私用休暇' } },
        ],
      },
      {
        key: 'days',
        kind: 'number',
        label: { zh: '天数', en: 'Days', es: 'Días', ja: '日数' },
        required: true,
        span: 12,
        validators: [
          { rule: 'min', value: 0.5 },
          { rule: 'max', value: 30 },
        ],
      },
      {
        key: 'period',
        kind: 'dateRange',
        label: { zh: '起止日期', en: 'From and to', es: 'Desde y hasta', ja: '期間' },
        required: true,
      },
      {
        key: 'reason',
        kind: 'textarea',
        label: { zh: '事由', en: 'Reason', es: 'Motivo', ja: '理由' },
        required: true,
        validators: [{ rule: 'maxLength', value: 500 }],
      },
      {
        key: 'handover',
        kind: 'text',
        label: { zh: '工作交接人', en: 'Work handed over to', es: 'Trabajo entregado a', ja: '引き継ぎ先' },
        span: 12,
      },
      {
        key: 'phone',
        kind: 'text',
        label: { zh: '紧急联系电话', en: 'Phone while away', es: 'Teléfono durante la ausencia', ja: '緊急連絡先' },
        span: 12,
        validators: [{ rule: 'mobile' }],
      },
    ],
  },
});

const demoLeaves = [
  {
    leaveType: 'annual',
    days: 3,
    period: ['2026-10-08', '2026-10-10'],
    reason: '国庆后回乡探亲。',
    handover: '李娜',
    phone: '13812345678',
  },
  { leaveType: 'sick', days: 1, period: ['2026-11-03', '2026-11-03'], reason: '发烧就医，附医院证明。', phone: '13987654321' },
  { leaveType: 'personal', days: 0.5, period: ['2026-11-18', '2026-11-18'], reason: '办理房产手续。', handover: '王强' },
];

/** The leave-request form, published, with a few requests already in: the submissions page has rows to read. */
export async function seedDemoForms(db: Kysely<Database>, now: number, submitters: number[]): Promise<void> {
  const formId = await insertForm(db, leaveRequest, now - 30 * day);
  await insertVersion(db, { formId, version: 1, field: leaveRequest.field, publishedAt: now - 30 * day, publishedBy: 'sysadmin' });
  for (const [index, values] of demoLeaves.entries()) {
    // The demo's rows are what a filler could have sent: the shared checks must pass them.
    const checked = validateSubmission(leaveRequest.field, values);
    if (checked.problems.length > 0) throw new Error(`demo leave request ${index}: ${checked.problems[0]?.text}`);
    await insertSubmission(db, {
      formId,
      version: 1,
      values: checked.values,
      submittedBy: submitters[index % submitters.length] as number,
      submittedAt: now - (20 - index * 7) * day,
      postStatus: 'none',
    });
  }
}
