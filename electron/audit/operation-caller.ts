import type { OperationInput, OperationName, OperationOutput } from '../../shared/api/lens-api';

/** How the audit calls an operation (a door's `call`); a failure is thrown as the LensError it was. */
export type OperationCaller = <K extends OperationName>(name: K, input: OperationInput<K>) => Promise<OperationOutput<K>>;
