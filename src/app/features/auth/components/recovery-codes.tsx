import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { FormNotice } from './auth-fields';

/** The ten recovery codes, shown this once, with copy and download. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [notice, setNotice] = useState<string | null>(null);
  const text = `Northwind recovery codes (each works once):\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setNotice('Copied.');
    } catch {
      setNotice('Copying is not allowed here: download them or write them down.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'northwind-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="auth-form">
      <p>
        <strong>Two-step sign-in is on.</strong> Keep these recovery codes somewhere safe: each one signs you in once if you lose your
        phone. They are shown only now.
      </p>
      <ol className="auth-recovery-codes" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="auth-actions">
        <IonButton fill="outline" onClick={() => void copy()}>
          Copy
        </IonButton>
        <IonButton fill="outline" onClick={download}>
          Download
        </IonButton>
        <IonButton onClick={onDone}>I have saved them</IonButton>
      </div>
      <FormNotice message={notice} />
    </div>
  );
}
