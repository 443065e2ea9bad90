// The desktop preload: one typed method per API operation, exposed through contextBridge, and
// nothing else. Bundled into one CommonJS file, as a sandboxed preload requires.
import { contextBridge, ipcRenderer } from 'electron';
import { OPERATION_NAMES } from '../shared/api/operation-names';

const api = Object.fromEntries(OPERATION_NAMES.map((name) => [name, (input: unknown) => ipcRenderer.invoke(`lens:${name}`, input)]));

contextBridge.exposeInMainWorld('lensIpc', Object.freeze(api));
