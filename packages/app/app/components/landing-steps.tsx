/** The numbered "how it works" list of a journey's landing page: a title and a line of text per step. */
export function LandingSteps({ steps }: { steps: readonly { key: string; title: string; text: string }[] }) {
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

/** The eyebrow, the page's one `h1` and its introduction, as journey landing pages open. */
export function LandingIntro({ eyebrow, title, text }: { eyebrow: string; title: string; text: string }) {
  return (
    <>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 text-lg text-slate-700">{text}</p>
    </>
  );
}
