import { Label, Slider, SliderOutput, SliderThumb, SliderTrack } from "react-aria-components";
/** A slider's bounds and step as a page receives them. */
export interface SliderView {
  readonly min: number;
  readonly max: number;
  readonly step: number;
}

/**
 * A money or count slider (the stepper's cash down, trade equity, credit score and term; the payment estimator's):
 * react-aria's slider, keyboard and touch operable, announcing its value as `format` writes it.
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
  return (
    <Slider
      minValue={slider.min}
      maxValue={slider.max}
      step={slider.step}
      value={value}
      onChange={(v) => onChange(Array.isArray(v) ? (v[0] ?? value) : v)}
      className="grid gap-2"
    >
      <div className="flex items-baseline justify-between gap-4">
        <Label className="text-sm font-medium text-slate-900">{label}</Label>
        <SliderOutput className="text-lg font-semibold text-slate-900">
          {({ state }) => format(state.getThumbValue(0))}
        </SliderOutput>
      </div>
      <SliderTrack className="relative h-11 w-full">
        {({ state }) => (
          <>
            <div className="absolute top-1/2 h-2 w-full -translate-y-1/2 rounded-full bg-slate-300" />
            <div
              className="absolute top-1/2 h-2 -translate-y-1/2 rounded-full bg-brand-700"
              style={{ width: `${state.getThumbPercent(0) * 100}%` }}
            />
            <SliderThumb
              aria-valuetext={format(value)}
              className="top-1/2 h-7 w-7 rounded-full border-2 border-brand-700 bg-white shadow outline-none data-[dragging]:bg-brand-50 data-[focus-visible]:ring-4 data-[focus-visible]:ring-brand-600/50"
            />
          </>
        )}
      </SliderTrack>
    </Slider>
  );
}
