export {
  TaskList,
  taskStatusVariants,
  type TaskListItem,
  type TaskListProps,
  type TaskStatusTone,
} from './TaskList';
