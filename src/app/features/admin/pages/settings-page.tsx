import { IonItem, IonLabel, IonList, IonNote, IonSpinner, IonToggle } from '@ionic/react';
import { useEffect, useState } from 'react';
import type { SiteSettings } from '../../../../common/admin-schemas';
import { fetchSettings } from '../api/settings/fetch-settings';
import { updateSettings } from '../api/settings/update-settings';
import { ActionStatus } from '../components/action-status';
import { ConsolePage } from '../components/console-page';
import { sentenceFor } from '../state/action-errors';
import { SETTINGS } from '../state/settings-list';
import { useGuardedAction } from '../state/use-guarded-action';
import '../manage.css';

/** Admins: the installation's settings, each a switch saved at once (a recent sign-in is asked for). */
export default function SettingsPage() {
  return (
    <ConsolePage title="Settings" requires="admin">
      {() => <SettingsList />}
    </ConsolePage>
  );
}

function SettingsList() {
  const [settings, setSettings] = useState<SiteSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // A refused change redraws the switches, so none stays where the server did not put it.
  const [round, setRound] = useState(0);
  const action = useGuardedAction();

  useEffect(() => {
    fetchSettings()
      .then(setSettings)
      .catch((failure: unknown) => setLoadError(sentenceFor(failure)));
  }, []);

  if (loadError) return <p role="alert">{loadError}</p>;
  if (!settings) return <IonSpinner aria-label="Loading the settings" />;

  return (
    <>
      <h1 className="manage-title">Settings</h1>
      <IonList inset className="manage-list">
        {SETTINGS.map((entry) => (
          <IonItem key={`${entry.key}-${round}`}>
            <IonToggle
              checked={settings[entry.key]}
              disabled={action.busy}
              onIonChange={(event) => {
                const on = event.detail.checked;
                void action
                  .run(() => updateSettings({ [entry.key]: on }), entry.changed(on))
                  .then((saved) => {
                    if (saved) setSettings(saved);
                    else setRound((n) => n + 1);
                  });
              }}
            >
              <IonLabel>
                <h2>{entry.title}</h2>
                <IonNote className="ion-text-wrap">{entry.description}</IonNote>
              </IonLabel>
            </IonToggle>
          </IonItem>
        ))}
      </IonList>
      <ActionStatus error={action.error} notice={action.notice} />
    </>
  );
}
