interface Step {
  key: string;
  title: string;
  text: string;
}

/**
 * A journey's numbered "how it works" steps: a title and a line of text each. `list` stacks them under the page's
 * `h1` (minimal-layout landing pages); `grid` sets them side by side as cards inside a titled section.
 */
export function LandingSteps({ steps, variant = "list" }: { steps: readonly Step[]; variant?: "list" | "grid" }) {
  if (variant === "grid") {
    return (
      <ol className="grid gap-6 md:grid-cols-3">
        {steps.map((step, i) => (
          <li key={step.key} className="rounded-xl border border-slate-200 p-6">
            <span
              className="flex size-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              aria-hidden="true"
            >
              {i + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-2 text-slate-700">{step.text}</p>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <ol className="mt-8 space-y-4">
      {steps.map((step, i) => (
        <li key={step.key} className="flex gap-4 rounded-xl border border-slate-200 p-5">
          <span
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
            aria-hidden="true"
          >
            {i + 1}
          </span>
          <div>
            <h2 className="font-semibold text-slate-900">{step.title}</h2>
            <p className="mt-1 text-slate-700">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
