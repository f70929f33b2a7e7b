import { IonInput } from '@ionic/react';

/** A one-time code field: 6 digits or a recovery code. */
export function CodeInput({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  return (
    <IonInput
      name="one-time-code"
      label={label}
      labelPlacement="floating"
      fill="outline"
      autocomplete="one-time-code"
      inputmode="numeric"
      maxlength={20}
      value={value}
      onIonInput={(event) => onChange(String(event.detail.value ?? ''))}
    />
  );
}
