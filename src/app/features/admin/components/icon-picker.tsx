import { ContentIcon } from '../../../../common/content-icon';
import { CONTENT_ICON_LABELS, CONTENT_ICON_NAMES, isContentIconName } from '../../../../common/content-icons';

interface IconPickerProps {
  name: string;
  legend: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}

/**
 * The icon of a service or core value, chosen from the drawings the site has (never typed): a
 * radio group of icon buttons, each named by its label, so arrows move through it and a screen
 * reader says "Padlock, radio button, 10 of 13".
 */
export function IconPicker({ name, legend, value, error, onChange }: IconPickerProps) {
  const errorId = `${name}-icon-error`;
  return (
    <fieldset className="icon-picker" aria-describedby={error ? errorId : undefined}>
      <legend className="icon-picker__legend">{legend}</legend>
      {value && !isContentIconName(value) && (
        <p className="icon-picker__note">The saved icon “{value}” is not one the site can draw: choose one below.</p>
      )}
      <div className="icon-picker__choices">
        {CONTENT_ICON_NAMES.map((icon) => (
          <label key={icon} className="icon-picker__choice">
            <input type="radio" name={name} value={icon} checked={value === icon} onChange={() => onChange(icon)} />
            <ContentIcon name={icon} size={28} />
            <span>{CONTENT_ICON_LABELS[icon]}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="icon-picker__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
