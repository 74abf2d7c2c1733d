/**
 * The simulator's pure protocol core. No React may be imported anywhere under lib/simulator:
 * the UI renders verdicts, it never decides them.
 */
export * from "../decide/visibility";
