import { Field, TextInput } from '@cbp/ui';

/** The 'Desde' and 'Hasta' days of a list's filters; each change filters at once. */
export function DateRangeFields({
  desde,
  hasta,
  onChange,
}: {
  desde: string;
  hasta: string;
  onChange: (change: { desde: string } | { hasta: string }) => void;
}) {
  return (
    <>
      <Field id="desde" label="Desde">
        <TextInput
          type="date"
          value={desde}
          onChange={(event) => {
            onChange({ desde: event.target.value });
          }}
        />
      </Field>
      <Field id="hasta" label="Hasta">
        <TextInput
          type="date"
          value={hasta}
          onChange={(event) => {
            onChange({ hasta: event.target.value });
          }}
        />
      </Field>
    </>
  );
}
