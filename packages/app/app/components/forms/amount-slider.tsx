import { type CSSProperties, useId } from "react";

/** A slider's bounds and step as a page receives them. */
export interface SliderView {
  readonly min: number;
  readonly max: number;
  readonly step: number;
}

/**
 * Half the thumb's width (`range-slider` in app.css): the thumb's centre runs from this far into the track to as far
 * from its end, and the fill ends under it.
 */
const HALF_THUMB = "0.875rem";

/**
 * A money or count slider (the stepper's cash down, trade equity, credit score and term; the payment estimator's):
 * a native `<input type="range">`, so the browser gives it its role, value, keyboard (arrows, Page Up/Down, Home, End)
 * and touch, announcing its value as `format` writes it (ADR 427).
 */
export function AmountSlider({
  label,
  slider,
  value,
  onChange,
  format,
}: {
  label: string;
  slider: SliderView;
  value: number;
  onChange: (value: number) => void;
  format: (value: number) => string;
}) {
  const id = useId();
  const text = format(value);
  const span = slider.max - slider.min;
  const share = span > 0 ? Math.min(Math.max((value - slider.min) / span, 0), 1) : 0;
  const filled = { "--filled": `calc(${HALF_THUMB} + (100% - 2 * ${HALF_THUMB}) * ${share})` } as CSSProperties;
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        {/* The input announces its own value (aria-valuetext); this shows it, without a second announcement. */}
        <output htmlFor={id} aria-live="off" className="text-lg font-semibold text-slate-900">
          {text}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={slider.min}
        max={slider.max}
        step={slider.step}
        value={value}
        aria-valuetext={text}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
        style={filled}
        className="range-slider block h-11 w-full"
      />
    </div>
  );
}
