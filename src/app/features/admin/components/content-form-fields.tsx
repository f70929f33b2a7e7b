import { IonInput, IonTextarea } from '@ionic/react';
import { charactersLeft } from '../../../../common/characters-left';
import { type FieldSpec, type FormValues } from '../state/content-rules';
import { useLeftAnnouncement } from '../state/use-left-announcement';
import { IconPicker } from './icon-picker';
import { LeftAnnouncement } from './left-announcement';

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

/** The helper under a limited text field: its own hint and how much is left (Ionic links it by aria-describedby). */
const helperOf = (field: FieldSpec, value: string) =>
  field.kind === 'number' ? field.helper : [field.helper, charactersLeft(value, field.maxLength)].filter(Boolean).join(' ');

/** The inputs of one item; every message comes from the shared schema (or the server, the same one). */
export function ContentFormFields({ fields, values, errors, shown, onChange, onBlur }: ContentFormFieldsProps) {
  const { announcement, track } = useLeftAnnouncement();
  const change = (field: FieldSpec, value: string) => {
    track(field.label, values[field.name] ?? '', value, field.maxLength);
    onChange(field.name, value);
  };
  return (
    <>
      {fields.map((field) => {
        if (field.kind === 'icon')
          return (
            <IconPicker
              key={field.name}
              name={field.name}
              legend={field.label}
              value={values[field.name] ?? ''}
              error={shown[field.name] ? errors[field.name] : undefined}
              onChange={(value) => {
                onChange(field.name, value);
                onBlur(field.name);
              }}
            />
          );
        const value = values[field.name] ?? '';
        const common = {
          label: field.label,
          labelPlacement: 'stacked' as const,
          fill: 'outline' as const,
          name: field.name,
          value,
          helperText: helperOf(field, value),
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
            onIonInput={(event) => change(field, String(event.detail.value ?? ''))}
          />
        ) : (
          <IonInput
            key={field.name}
            {...common}
            type={field.kind === 'number' ? 'number' : field.kind === 'email' ? 'email' : 'text'}
            inputmode={field.kind === 'number' ? 'numeric' : field.kind === 'email' ? 'email' : undefined}
            maxlength={field.kind === 'number' ? undefined : field.maxLength}
            autocomplete="off"
            onIonInput={(event) => change(field, String(event.detail.value ?? ''))}
          />
        );
      })}
      <LeftAnnouncement text={announcement} />
    </>
  );
}
