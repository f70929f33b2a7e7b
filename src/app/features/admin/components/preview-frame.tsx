import { IonButton } from '@ionic/react';
import { useState } from 'react';

/**
 * The real public page with the draft in it, beside the form, at a phone's or a desktop's width.
 * `refresh` changes after every draft save, which reloads the frame.
 */
export function PreviewFrame({ url, refresh, onClose }: { url: string; refresh: number; onClose: () => void }) {
  const [width, setWidth] = useState<'phone' | 'desktop'>('phone');
  return (
    <section className="publishing-preview" aria-label="Preview of the draft">
      <div className="publishing-preview__bar">
        <IonButton
          size="small"
          fill={width === 'phone' ? 'solid' : 'outline'}
          aria-pressed={width === 'phone'}
          onClick={() => setWidth('phone')}
        >
          Phone width
        </IonButton>
        <IonButton
          size="small"
          fill={width === 'desktop' ? 'solid' : 'outline'}
          aria-pressed={width === 'desktop'}
          onClick={() => setWidth('desktop')}
        >
          Desktop width
        </IonButton>
        <a href={url} target="_blank" rel="noopener">
          Open the preview in a new tab
        </a>
        <IonButton size="small" fill="clear" onClick={onClose}>
          Close the preview
        </IonButton>
      </div>
      {/* Scrolls sideways at desktop width: focusable, so the keyboard can scroll it too. */}
      <div className="publishing-preview__viewport" tabIndex={0} role="group" aria-label="The preview, at the chosen width">
        <iframe
          key={refresh}
          className={`publishing-preview__frame publishing-preview__frame--${width}`}
          src={url}
          title="Preview of the draft on the site"
        />
      </div>
    </section>
  );
}
