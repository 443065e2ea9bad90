import fc from 'fast-check';

// Under mutation a property test kills a mutant with its first counterexample; shrinking that
// counterexample would only cost time, run after run. Tests that set their own options keep them.
fc.configureGlobal({ endOnFailure: true });
