/** An owner's form for a location's minutes setting (use-minutes-setting.ts): the field, its hint or error, save. */
import type { useMinutesSetting } from '../hooks/use-minutes-setting';

interface MinutesSettingFormProps {
  setting: ReturnType<typeof useMinutesSetting>;
  /** The input's name; its hint and error ids derive from it. */
  name: string;
  label: string;
  min: number;
  max: number;
}

export function MinutesSettingForm({ setting, name, label, min, max }: MinutesSettingFormProps) {
  const { error } = setting;
  return (
    <form className="console-abandoned__delay" onSubmit={setting.submit} noValidate>
      <label className="console-field">
        <span>{label}</span>
        <input
          type="number"
          inputMode="numeric"
          name={name}
          min={min}
          max={max}
          step={1}
          value={setting.value}
          onChange={(event) => setting.setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}-error` : `${name}-hint`}
        />
        {error ? (
          <span id={`${name}-error`} className="console-error">
            {error}
          </span>
        ) : (
          <span id={`${name}-hint`} className="muted">
            Entre {min} y {max} minutos (un día).
          </span>
        )}
      </label>
      <button type="submit" className="button" disabled={setting.busy}>
        {setting.busy ? 'Guardando…' : 'Guardar espera'}
      </button>
    </form>
  );
}
