/**
 * `@labline/eventstore/testing`: test-only code, kept out of the runtime entry point (`.`) because it
 * imports `vitest` and `node:assert`. The given/when/then of deciders, and the contract suite every
 * EventStore adapter passes.
 */
export * from './decider-specification';
export * from './contract';
