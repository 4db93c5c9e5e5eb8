export { YesNoQuestion } from './YesNoQuestion';
export type { YesNoQuestionProps } from './YesNoQuestion';
