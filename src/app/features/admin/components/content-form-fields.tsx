import { IonInput, IonTextarea } from '@ionic/react';
import type { FieldSpec, FormValues } from '../state/content-rules';

interface ContentFormFieldsProps {
  fields: FieldSpec[];
  values: FormValues;
  errors: Record<string, string>;
  /** Fields whose message shows: left once, or all after a save was tried. */
  shown: Record<string, boolean>;
  onChange: (name: string, value: string) => void;
  onBlur: (name: string) => void;
}

/** Ionic shows errorText, next to its field, only on a field marked touched and invalid. */
const validity = (error: string | undefined, shown: boolean | undefined) => (shown && error ? 'ion-touched ion-invalid' : undefined);

/** The inputs of one item; every message comes from the shared schema (or the server, the same one). */
export function ContentFormFields({ fields, values, errors, shown, onChange, onBlur }: ContentFormFieldsProps) {
  return (
    <>
      {fields.map((field) => {
        const common = {
          label: field.label,
          labelPlacement: 'stacked' as const,
          fill: 'outline' as const,
          name: field.name,
          value: values[field.name] ?? '',
          helperText: field.helper,
          errorText: errors[field.name],
          className: validity(errors[field.name], shown[field.name]),
          required: true,
          onIonBlur: () => onBlur(field.name),
        };
        return field.kind === 'textarea' ? (
          <IonTextarea
            key={field.name}
            {...common}
            autoGrow
            rows={4}
            maxlength={field.maxLength}
            counter
            onIonInput={(event) => onChange(field.name, String(event.detail.value ?? ''))}
          />
        ) : (
          <IonInput
            key={field.name}
            {...common}
            type={field.kind === 'number' ? 'number' : field.kind === 'email' ? 'email' : 'text'}
            inputmode={field.kind === 'number' ? 'numeric' : field.kind === 'email' ? 'email' : undefined}
            maxlength={field.kind === 'number' ? undefined : field.maxLength}
            autocomplete="off"
            onIonInput={(event) => onChange(field.name, String(event.detail.value ?? ''))}
          />
        );
      })}
    </>
  );
}
