import { TaskList } from '../../../bpm/task/TaskList.tsx';

/** My to-do tasks: assigned to me, or waiting for a claim by me or my roles. */
export default function BpmTodoPage() {
  return <TaskList kind="todo" />;
}
