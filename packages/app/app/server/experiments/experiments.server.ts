import {
  type ExperimentsFile,
  experimentsSchema,
  mergeSettings,
  type SiteSettings,
  siteSettingsSchema,
} from "@showroom/fixtures";
import { type PopupDefinition, parsePopupList } from "@showroom/rules/popups";
import { experimentsFixture, popupsFixture } from "../../content/fixtures.server";
import type { Config } from "../config.server";
import { createSpecFetch } from "../http/spec-fetch.server";
import { describeError, logWarn } from "../log.server";
import { assignExperiments } from "./assignment";

/**
 * The experiment client's states (spec section 4, "Other"): Uninitialized before the first load, Loading while it
 * runs, Ready with the experiments, or Failed, where the site runs on the defaults (nothing merged).
 */
type ExperimentsStatus = "uninitialized" | "loading" | "ready" | "failed";

/** Where the experiments come from: the fixture file, or a remote service named by EXPERIMENTS_URL. */
export interface ExperimentsProvider {
  readonly status: () => ExperimentsStatus;
  /** The current experiments; never throws (a failure answers the defaults with no experiments). */
  load(): Promise<ExperimentsFile>;
}

const NO_EXPERIMENTS: ExperimentsFile = { defaults: { settings: {}, popups: null, langs: {} }, experiments: [] };

/** The fixture's experiments (`fixtures/content/experiments.json`), validated once. */
export function localExperiments(json: unknown = experimentsFixture): ExperimentsProvider {
  let file: ExperimentsFile | undefined;
  let status: ExperimentsStatus = "uninitialized";
  return {
    status: () => status,
    async load() {
      if (file === undefined) {
        const parsed = experimentsSchema.safeParse(json);
        status = parsed.success ? "ready" : "failed";
        if (!parsed.success)
          logWarn(`experiments: the fixture is invalid, running on defaults (${parsed.error.message})`);
        file = parsed.success ? parsed.data : NO_EXPERIMENTS;
      }
      return file;
    },
  };
}

/**
 * A remote experiments service: `GET url` answers the same shape as the fixture. Fetched with the spec's policy (one
 * retry for a GET, `timeoutMs` per attempt), kept `refreshMs`; while it fails, the last good answer is used, and
 * before any the defaults, so the site never waits on it for longer than one timeout.
 */
export function remoteExperiments(url: string, timeoutMs: number, refreshMs = 60_000): ExperimentsProvider {
  const get = createSpecFetch({ timeout: timeoutMs });
  let status: ExperimentsStatus = "uninitialized";
  let last: ExperimentsFile | undefined;
  let fetchedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<ExperimentsFile> | undefined;
  const refresh = async (): Promise<ExperimentsFile> => {
    if (last === undefined) status = "loading";
    try {
      const parsed = experimentsSchema.safeParse(await get<unknown>(url));
      if (!parsed.success) throw new Error(`invalid answer: ${parsed.error.issues[0]?.message ?? "?"}`);
      last = parsed.data;
      status = "ready";
    } catch (error) {
      logWarn(
        `experiments: ${url} failed (${describeError(error)}); running on ${last ? "the last answer" : "defaults"}`,
      );
      if (last === undefined) status = "failed";
    }
    fetchedAt = Date.now();
    return last ?? NO_EXPERIMENTS;
  };
  return {
    status: () => status,
    load() {
      if (Date.now() - fetchedAt < refreshMs) return Promise.resolve(last ?? NO_EXPERIMENTS);
      pending ??= refresh().finally(() => {
        pending = undefined;
      });
      return pending;
    },
  };
}

const providers = new WeakMap<Config, ExperimentsProvider>();

/** This server's experiments provider: none when EXPERIMENTS=off, remote when EXPERIMENTS_URL is set, else the fixture. */
export function experimentsFor(config: Config): ExperimentsProvider {
  let provider = providers.get(config);
  if (!provider) {
    provider =
      config.EXPERIMENTS === "off"
        ? localExperiments(NO_EXPERIMENTS)
        : config.EXPERIMENTS_URL
          ? remoteExperiments(config.EXPERIMENTS_URL, config.EXPERIMENTS_TIMEOUT_MS)
          : localExperiments();
    providers.set(config, provider);
  }
  return provider;
}

/** What a visitor's experiments change: merged settings, the popup list, translation overrides. */
export interface ExperimentVariant {
  /** The experiments the visitor is in, in the file's order. */
  readonly names: readonly string[];
  readonly settings: SiteSettings;
  readonly popups: readonly PopupDefinition[];
  readonly langs: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

let fixturePopups: readonly PopupDefinition[] | undefined;

/** The fixture popup list; an invalid popup is left out and logged (ADR 033), never the whole list. */
export function defaultPopups(): readonly PopupDefinition[] {
  if (fixturePopups === undefined) {
    const parsed = parsePopupList(popupsFixture);
    for (const problem of parsed.problems) logWarn(`popups.json ${problem.path}: ${problem.message}`);
    fixturePopups = parsed.popups;
  }
  return fixturePopups;
}

const variants = new WeakMap<ExperimentsFile, WeakMap<SiteSettings, Map<string, ExperimentVariant>>>();

function buildVariant(file: ExperimentsFile, names: readonly string[], base: SiteSettings): ExperimentVariant {
  let settings = mergeSettings(base, file.defaults.settings);
  let popupList: unknown = file.defaults.popups;
  const langs: Record<string, Record<string, unknown>> = { ...file.defaults.langs };
  for (const experiment of file.experiments) {
    if (!names.includes(experiment.name)) continue;
    const { parameters } = experiment;
    // An override that breaks the settings is dropped whole: a half-applied experiment would measure nothing.
    const merged = siteSettingsSchema.safeParse(mergeSettings(settings, parameters.settings));
    if (merged.success) settings = merged.data;
    else logWarn(`experiments: ${experiment.name}'s settings are invalid once merged; ignored`);
    if (parameters.popups != null) popupList = parameters.popups;
    for (const [language, namespaces] of Object.entries(parameters.langs ?? {})) {
      langs[language] = mergeSettings(langs[language] ?? {}, namespaces as Record<string, unknown>);
    }
  }
  let popups = defaultPopups();
  if (popupList != null) {
    const parsed = parsePopupList(popupList);
    for (const problem of parsed.problems) logWarn(`experiment popups ${problem.path}: ${problem.message}`);
    popups = parsed.popups;
  }
  return { names, settings, popups, langs };
}

/**
 * The variant a visitor sees: the experiments its user id falls in (none without an id), with their parameters
 * applied in the file's order over `base`. Kept per file and set of experiments: there are few.
 */
export function variantOf(file: ExperimentsFile, userID: string | null, base: SiteSettings): ExperimentVariant {
  const names = userID === null ? [] : assignExperiments(file.experiments, userID).map((e) => e.name);
  let bySettings = variants.get(file);
  if (!bySettings) {
    bySettings = new WeakMap();
    variants.set(file, bySettings);
  }
  let byNames = bySettings.get(base);
  if (!byNames) {
    byNames = new Map();
    bySettings.set(base, byNames);
  }
  const key = names.join(",");
  let variant = byNames.get(key);
  if (!variant) {
    variant = buildVariant(file, names, base);
    byNames.set(key, variant);
  }
  return variant;
}
