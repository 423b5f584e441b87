// Mocha root hook: under mutation testing (StrykerJS), the active mutant is a global of this
// process; worker threads, child servers, the CLI and the language server run bundles built from
// the same instrumented sources, and read it from their environment. Outside Stryker: nothing.
const withStryker = globalThis as { __stryker__?: { activeMutant?: string | number } };

export const mochaHooks = {
  beforeEach(): void {
    const active = withStryker.__stryker__?.activeMutant;
    if (active === undefined) delete process.env.__STRYKER_ACTIVE_MUTANT__;
    else process.env.__STRYKER_ACTIVE_MUTANT__ = String(active);
  },
};
