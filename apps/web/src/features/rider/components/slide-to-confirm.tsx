import { shipmentMessages } from '@comanda/domain/messages';
import {
  SLIDER_ACCEPT_AT,
  SLIDER_MAX,
  SLIDER_MIN,
  sliderChange,
  sliderRelease,
} from '@comanda/domain/slider';
import { type CSSProperties, type KeyboardEvent, useId, useRef, useState } from 'react';
import { riderTexts } from '../lib/texts';

/**
 * The slide-to-confirm control (follow-up §2.6, §4.4): a range from 0 to 100
 * whose thumb must be dragged (a tap far along the track is a jump, ignored by
 * `sliderChange`); releasing past the accept threshold runs the action, then
 * it goes back to 0 (`sliderRelease`). A native range input, so it is a
 * `slider` with its value for assistive technology; from the keyboard the
 * arrows and Page Up move it and Enter releases it. A button that runs the same action
 * follows it, out of sight until it has the focus, for anyone who cannot
 * drag (a screen reader's swipe, a switch, a keyboard).
 */
export function SlideToConfirm({
  label,
  disabled = false,
  onConfirm,
}: {
  label: string;
  disabled?: boolean;
  onConfirm: () => void;
}) {
  const [value, setValue] = useState(SLIDER_MIN);
  // The value as the last event left it: pointer events and the change event arrive before React re-renders.
  const current = useRef(SLIDER_MIN);
  const hintId = useId();

  const move = (next: number) => {
    const kept = sliderChange(current.current, next);
    current.current = kept;
    setValue(kept);
  };
  const release = () => {
    const { accept, value: reset } = sliderRelease(current.current);
    current.current = reset;
    setValue(reset);
    if (accept && !disabled) onConfirm();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      release();
    }
  };

  return (
    <div className={`slide-confirm${disabled ? ' slide-confirm--disabled' : ''}`}>
      <div className="slide-confirm__track" style={{ '--slide-value': value / SLIDER_MAX } as CSSProperties}>
        <span className="slide-confirm__fill" aria-hidden="true" />
        <span className="slide-confirm__text" aria-hidden="true">
          <span className="slide-confirm__label">{label}</span>
          <span className="slide-confirm__hint" id={hintId}>
            {shipmentMessages.slideHint}
          </span>
        </span>
        <input
          className="slide-confirm__input"
          type="range"
          min={SLIDER_MIN}
          max={SLIDER_MAX}
          step={1}
          value={value}
          disabled={disabled}
          aria-label={label}
          aria-describedby={hintId}
          aria-valuetext={value >= SLIDER_ACCEPT_AT ? `${label}: suelta para confirmar` : `${value} %`}
          onChange={(event) => move(Number(event.currentTarget.value))}
          onPointerUp={release}
          onPointerCancel={release}
          onKeyDown={onKeyDown}
          onBlur={() => {
            // Leaving the control is not a release: it goes back without running anything.
            current.current = SLIDER_MIN;
            setValue(SLIDER_MIN);
          }}
        />
      </div>
      <button type="button" className="slide-confirm__button" disabled={disabled} onClick={onConfirm}>
        {riderTexts.confirmAction(label)}
      </button>
    </div>
  );
}
