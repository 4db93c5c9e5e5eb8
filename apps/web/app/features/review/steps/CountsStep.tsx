import { COUNT_FIELDS } from '../state';
import { ReviewField, type StepFieldProps } from './ReviewField';

/** Step 1: how many holders and how many members of the family unit (both required). */
export function CountsStep(props: StepFieldProps) {
  return (
    <div className="flex flex-col gap-6">
      {COUNT_FIELDS.map((field) => (
        <ReviewField key={field} field={field} required {...props} />
      ))}
    </div>
  );
}
