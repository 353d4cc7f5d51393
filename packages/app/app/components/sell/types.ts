// What the sell/trade pages hand their components: plain data, the same with JavaScript on or off.

/** A question as the form shows it: its text, the help under it, and its answers with their descriptions. */
export interface QuestionView {
  readonly questionId: string;
  readonly text: string;
  readonly description?: string | undefined;
  readonly inputType: "radio" | "checkbox" | "textarea";
  readonly required: boolean;
  readonly answers: readonly { value: string; label: string; description?: string | undefined }[];
}

/** The details asked with the vehicle, as typed (shown again after a refused post). */
export interface DetailsValues {
  readonly mileage?: string | undefined;
  readonly zip?: string | undefined;
  readonly interest?: string | undefined;
}

/** The first step: a VIN, or year → make → model → trim, with the details. */
export interface IdentifyView {
  readonly vin: string | null;
  readonly details: DetailsValues;
  readonly choose: {
    readonly years: readonly number[];
    readonly year: number | null;
    readonly makes: readonly string[];
    readonly make: string | null;
    readonly models: readonly string[];
    readonly model: string | null;
    readonly trims: readonly string[];
  };
}

export interface QuestionStepView {
  readonly stepIndex: number;
  readonly title: string;
  readonly description: string;
  readonly questions: readonly QuestionView[];
  readonly answers: Readonly<Record<string, string | readonly string[]>>;
}

type JourneyStepName = "identify" | "confirm" | "questionnaire" | "contact";

/** The step the server's journey is on, with what it shows. */
export interface JourneyView {
  readonly step: JourneyStepName;
  readonly progress: { readonly number: number; readonly total: number };
  /** The vehicle once identified: `2021 MINI Cooper Convertible`, and its VIN when it was decoded. */
  readonly vehicle: { readonly title: string; readonly vin: string | null } | null;
  readonly identify: IdentifyView | null;
  readonly questionnaire: QuestionStepView | null;
}

/** A refused post, rendered again with its field errors and what was posted. */
export interface StepRefusal {
  readonly ok: false;
  readonly intent: string | null;
  readonly error: Readonly<Record<string, readonly string[]>>;
  readonly values: Readonly<Record<string, string | readonly string[]>>;
}

/** A contact profile as the form prefills it. */
export interface ProfileValues {
  readonly firstName?: string | undefined;
  readonly lastName?: string | undefined;
  readonly email?: string | undefined;
  readonly phone?: string | undefined;
}
