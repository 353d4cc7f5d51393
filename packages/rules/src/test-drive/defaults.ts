import data from "../../rules/test-drive.json" with { type: "json" };
import type { TestDriveRules } from "./test-drive.schema";

/**
 * The test-drive rules that ship in `rules/test-drive.json`, validated when the package is built and by the tests
 * rather than when this module loads (ADR 211).
 */
export const defaultTestDriveRules: TestDriveRules = data as unknown as TestDriveRules;
