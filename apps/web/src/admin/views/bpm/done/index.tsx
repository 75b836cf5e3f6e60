import { TaskList } from '../../../bpm/task/TaskList.tsx';

/** My done tasks, with recall while the next task is untouched. */
export default function BpmDonePage() {
  return <TaskList kind="done" />;
}
