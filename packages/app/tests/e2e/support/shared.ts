// What the e2e global setup hands every test file (ADR 315): `project.provide` in the setup, `inject` in a file.
declare module "vitest" {
  export interface ProvidedContext {
    /** `http://127.0.0.1:{port}` of the run's site with the default configuration, shared by the files that need no other. */
    e2eSiteUrl: string;
  }
}

export {};
