import type { LoadFolderState } from '../../renderer/screens/connect/LoadFolderForm';

/** The folder form as the Connect screen first holds it: closed, every field empty. */
export const CLOSED_LOAD_FORM: LoadFolderState = {
  fields: { docs: '', acl: '', ext: '' },
  setFields: () => undefined,
  open: false,
  setOpen: () => undefined,
};
