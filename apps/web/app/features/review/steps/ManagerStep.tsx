import { MANAGER_FIELDS } from '../state';
import { ReviewField, type StepFieldProps } from './ReviewField';

/** Step 4, 'Datos del gestor': all optional. */
export function ManagerStep(props: StepFieldProps) {
  return (
    <div className="flex flex-col gap-6">
      {MANAGER_FIELDS.map((field) => (
        <ReviewField key={field} field={field} {...props} />
      ))}
    </div>
  );
}
