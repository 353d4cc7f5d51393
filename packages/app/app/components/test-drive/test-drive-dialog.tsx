// Schedule Test Drive in a dialog, with JavaScript: loaded only when a shopper reaches for the link, so
// react-aria-components, xstate and the machine never weigh on a page's first load (docs/decisions/182).
import { type BookTestDriveInput, type TestDriveInput, testDriveMachine } from "@showroom/rules/test-drive";
import { useActorRef, useSelector } from "@xstate/react";
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { Heading, Label, Radio, RadioGroup } from "react-aria-components";
import { useFetcher, useRevalidator } from "react-router";
import { fromPromise } from "xstate";
import { CloseButton, DialogLoading, ModalShell } from "../dialog/modal-shell";
import { ProfileFields } from "../dialog/profile-fields";
import { useStepHeading } from "../dialog/use-step-heading";
import { type TextTree, translator } from "../i18n";
import { useToast } from "../toast";

/** What the test-drive route's loader gives (routes/schedule-test-drive.server.ts), as far as the dialog reads it. */
interface TestDriveData {
  texts: TextTree;
  fields: TextTree;
  tcpa: string;
  vehicle: { vin: string; title: string };
  store: { name: string; address: string; phone: string };
  days: { date: string; label: string; times: { value: string; label: string; slot: string }[] }[];
  profile: { firstName: string; lastName: string; email: string; phone: string };
  idempotencyKey: string;
}

const PRIMARY =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-5 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:opacity-70";
const SECONDARY =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-5 py-2.5 text-base font-semibold text-slate-900 hover:border-brand-600 hover:text-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";
const CHOICE =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-4 py-2 text-slate-900 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[selected]:border-brand-700 data-[selected]:bg-brand-50";
/**
 * The dialog for one vehicle: loads the route's data (slots of the vehicle's store, the saved profile, the words),
 * then runs the test-drive machine; booking posts the whole choice to the route's action, which checks the slot and
 * the details again and records the lead. Escape, the close button or a click outside closes it; focus returns to the
 * link that opened it.
 */
export default function TestDriveDialog({ vin, onClose }: { vin: string; onClose: () => void }) {
  const fetcher = useFetcher<TestDriveData>();
  const path = `/schedule-test-drive/${encodeURIComponent(vin)}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per opening; the fetcher is stable enough.
  useEffect(() => {
    void fetcher.load(path);
  }, [path]);
  const data = fetcher.data && "days" in fetcher.data ? fetcher.data : undefined;
  const title = data ? translator(data.texts)("dialog.title") : undefined;
  const headingId = useId();
  return (
    <ModalShell
      onClose={onClose}
      layer="z-40"
      // Named by the step's heading once the data is there; RAC's slot lookup runs before it exists.
      dialogProps={data ? { "aria-labelledby": headingId } : { "aria-label": "Schedule Test Drive" }}
    >
      {(close) => (
        <>
          <CloseButton label={data ? translator(data.texts)("dialog.close") : "Close"} onClose={close} />
          {data && title ? (
            <Steps data={data} path={path} title={title} headingId={headingId} onDone={close} />
          ) : (
            <DialogLoading
              loading={fetcher.state !== "idle"}
              href={path}
              label="Schedule Test Drive"
              text="Loading open times…"
            />
          )}
        </>
      )}
    </ModalShell>
  );
}

function Choices({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string | null;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <RadioGroup value={value} onChange={onChange} className="grid gap-3">
      <Label className="text-lg font-semibold text-slate-900">{label}</Label>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <Radio key={option.value} value={option.value} className={CHOICE}>
            {({ isSelected }) => (
              <>
                <span
                  aria-hidden="true"
                  className={`h-5 w-5 shrink-0 rounded-full border-2 ${isSelected ? "border-[6px] border-brand-700" : "border-slate-500"}`}
                />
                {option.label}
              </>
            )}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

function Steps({
  data,
  path,
  title,
  headingId,
  onDone,
}: {
  data: TestDriveData;
  path: string;
  title: string;
  headingId: string;
  onDone: () => void;
}) {
  const t = translator(data.texts);
  const toast = useToast();
  // One actor per opening: a revalidation of the route's data must not restart the shopper's choices.
  const [opening] = useState(() => ({
    idempotencyKey: data.idempotencyKey,
    input: {
      slots: data.days.map((day) => ({ date: day.date, times: day.times.map((time) => time.slot) })),
      profile: data.profile,
      vin: data.vehicle.vin,
    } satisfies TestDriveInput,
  }));

  // The app's booking: the whole choice to the route's action, which re-checks the slot on today's slots and records
  // the lead. A refusal or a lost connection rejects, and the machine raises "There was an error saving your
  // information." in a toast.
  const machine = useMemo(
    () =>
      testDriveMachine.provide({
        actors: {
          bookTestDrive: fromPromise<void, BookTestDriveInput>(async ({ input }) => {
            const body = new URLSearchParams({
              intent: "confirm",
              via: "fetch",
              idempotencyKey: opening.idempotencyKey,
              website: "",
              date: input.date,
              time: input.time.slice(11, 16),
              ...input.profile,
            });
            const response = await fetch(path, { method: "POST", body, credentials: "same-origin" });
            if (response.status !== 200) throw new Error(`The booking was refused (${response.status})`);
          }),
        },
      }),
    [opening, path],
  );
  const actor = useActorRef(machine, { input: opening.input });
  const step = useSelector(actor, (state) =>
    state.matches("scheduled")
      ? "scheduled"
      : state.matches("confirmDetails")
        ? "confirmDetails"
        : state.matches("pickTime")
          ? "pickTime"
          : "pickDay",
  );
  const date = useSelector(actor, (state) => state.context.date);
  const time = useSelector(actor, (state) => state.context.time);
  const invalid = useSelector(actor, (state) => state.context.invalidFields);
  const busy = useSelector(actor, (state) => state.hasTag("busy"));

  // The machine's toasts, shown when a confirm or a booking settles (the same toast may come twice in a row).
  useEffect(() => {
    let wasBusy = actor.getSnapshot().hasTag("busy");
    const subscription = actor.subscribe((state) => {
      const nowBusy = state.hasTag("busy");
      if (wasBusy && !nowBusy && state.context.toast) toast.add({ ...state.context.toast });
      wasBusy = nowBusy;
    });
    return () => subscription.unsubscribe();
  }, [actor, toast]);
  // The lead saved the shopper's details, which unlocks prices: the page's data is loaded again, so the price shows
  // without a reload (issue 28).
  const revalidator = useRevalidator();
  const scheduled = useRef(false);
  useEffect(() => {
    if (step !== "scheduled" || scheduled.current) return;
    scheduled.current = true;
    void revalidator.revalidate();
    onDone();
  }, [step, onDone, revalidator]);

  // Each step's heading takes focus, so a screen reader announces where the shopper is.
  const headingRef = useStepHeading(step);

  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const [pickedTime, setPickedTime] = useState<string | null>(null);
  const [draft, setDraft] = useState(data.profile);
  const formId = useId();
  const day = data.days.find((d) => d.date === (step === "pickDay" ? pickedDay : date));
  const slot = day?.times.find((option) => option.slot === time);

  const stepNumber = step === "pickDay" ? 1 : step === "pickTime" ? 2 : 3;
  const heading = (
    <Heading
      id={headingId}
      ref={headingRef}
      tabIndex={-1}
      className="pr-12 text-2xl font-semibold text-slate-900 outline-none"
    >
      {title}
    </Heading>
  );
  const intro = (
    <>
      {heading}
      <p className="mt-1 text-slate-800">{t("page.vehicle", { vehicle: data.vehicle.title })}</p>
      <p className="mt-1 text-sm text-slate-700">
        {t("page.store", { store: data.store.name, address: data.store.address })}
      </p>
      <p className="mt-3 text-sm font-semibold text-brand-700">{t("page.step", { step: stepNumber })}</p>
    </>
  );

  let body: ReactNode = null;
  if (data.days.length === 0) {
    body = <p className="mt-4 text-slate-800">{t("page.noSlots", { phone: data.store.phone })}</p>;
  } else if (step === "pickDay") {
    body = (
      <form
        noValidate
        className="mt-4 grid gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (pickedDay) actor.send({ type: "PICK_DAY", date: pickedDay });
        }}
      >
        <Choices
          label={t("dialog.pickDay")}
          value={pickedDay}
          onChange={setPickedDay}
          options={data.days.map((d) => ({ value: d.date, label: d.label }))}
        />
        <div>
          <button type="submit" className={PRIMARY} disabled={!pickedDay}>
            {t("page.next")}
          </button>
        </div>
      </form>
    );
  } else if (step === "pickTime") {
    body = (
      <form
        noValidate
        className="mt-4 grid gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          const chosen = day?.times.find((option) => option.value === pickedTime);
          if (chosen) actor.send({ type: "PICK_TIME", time: chosen.slot });
        }}
      >
        <p className="text-slate-800">
          {t("page.chosenDay")}: <strong>{day?.label}</strong>
        </p>
        <Choices label={t("dialog.pickTime")} value={pickedTime} onChange={setPickedTime} options={day?.times ?? []} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={PRIMARY} disabled={!pickedTime}>
            {t("page.next")}
          </button>
          <button
            type="button"
            className={SECONDARY}
            onClick={() => {
              setPickedTime(null);
              actor.send({ type: "BACK" });
            }}
          >
            {t("page.changeDay")}
          </button>
        </div>
      </form>
    );
  } else if (step === "confirmDetails") {
    body = (
      <form
        id={formId}
        noValidate
        className="mt-4"
        onSubmit={(event) => {
          event.preventDefault();
          // Not disabled while booking: a disabled button would drop the focus. The machine ignores a second confirm.
          actor.send({ type: "CONFIRM", profile: draft });
          const after = actor.getSnapshot();
          if (!after.hasTag("busy") && after.context.toast) toast.add({ ...after.context.toast });
        }}
      >
        <p className="text-slate-800">
          {t("page.chosenDay")}: <strong>{day?.label}</strong> · {t("page.chosenTime")}: <strong>{slot?.label}</strong>
        </p>
        <fieldset className="mt-4 grid gap-4 sm:grid-cols-2" aria-busy={busy}>
          <legend className="mb-2 text-lg font-semibold text-slate-900 sm:col-span-2">
            {t("dialog.confirmDetails")}
          </legend>
          <ProfileFields formId={formId} profile={draft} onChange={setDraft} invalid={invalid} texts={data.fields} />
          <p className="text-sm text-slate-700 sm:col-span-2">{data.tcpa}</p>
          <div className="flex flex-wrap gap-3 sm:col-span-2">
            <button type="submit" className={PRIMARY}>
              {busy ? t("dialog.booking") : t("dialog.submit")}
            </button>
            <button type="button" className={SECONDARY} onClick={() => actor.send({ type: "BACK" })}>
              {t("page.changeTime")}
            </button>
          </div>
        </fieldset>
      </form>
    );
  }

  return (
    <>
      {intro}
      {body}
    </>
  );
}
