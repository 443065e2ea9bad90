// The desktop shell: window, IPC door and OS key store. All logic lives in the Node layer, which the
// CLI, browser mode and the tests run too; this file only wires it to Electron.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, ipcMain, safeStorage, session, type IpcMainInvokeEvent } from 'electron';
import { OPERATION_NAMES } from '../shared/api/lens-api';
import { LensError } from '../shared/lens-error';
import { dispatch } from './api/api-dispatch';
import { createLensHandlers } from './api/lens-handlers';
import type { SecretVault } from './api/secret-vault';
import { ServiceHub } from './api/service-hub';
import { appRoot, lensHome } from './app-home';
import { RENDERER_CSP } from './web/web-host';

const RENDERER_INDEX = path.join(appRoot(), 'dist', 'renderer', 'index.html');
const RENDERER_URL = pathToFileURL(RENDERER_INDEX).href;
const PRELOAD = path.join(appRoot(), 'dist', 'electron', 'preload.cjs');

/** The OS key store through safeStorage; with only the plaintext backend, nothing is stored. */
class SafeStorageVault implements SecretVault {
  private readonly file = path.join(lensHome(), 'secrets.json');

  status() {
    const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os';
    if (!safeStorage.isEncryptionAvailable() || backend === 'basic_text') {
      return { canStore: false, backend, note: 'The OS offers no key store here (only plaintext), so passwords and keys are not stored; set them as environment variables instead.' };
    }
    return { canStore: true, backend, note: `Secrets are encrypted with the OS key store (${backend}).` };
  }

  private read(): Record<string, string> {
    return fs.existsSync(this.file) ? (JSON.parse(fs.readFileSync(this.file, 'utf8')) as Record<string, string>) : {};
  }

  get(name: string): string | null {
    const sealed = this.read()[name];
    return sealed && this.status().canStore ? safeStorage.decryptString(Buffer.from(sealed, 'base64')) : null;
  }

  set(name: string, value: string): void {
    const status = this.status();
    if (!status.canStore) throw new LensError('refused', status.note);
    const all = this.read();
    all[name] = safeStorage.encryptString(value).toString('base64');
    fs.writeFileSync(this.file, JSON.stringify(all), { mode: 0o600 });
  }

  delete(name: string): void {
    const all = this.read();
    delete all[name];
    fs.writeFileSync(this.file, JSON.stringify(all), { mode: 0o600 });
  }
}

/** IPC is answered only for our own page, in the main frame. */
function trustedSender(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame === event.sender.mainFrame && frame.url.split('#')[0] === RENDERER_URL;
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1400,
    height: 900,
    title: 'Provenance Lens',
    show: false,
    webPreferences: { preload: PRELOAD, contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, spellcheck: false, disableBlinkFeatures: 'Auxclick' },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadFile(RENDERER_INDEX);
  return window;
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.enableSandbox();
  let mainWindow: BrowserWindow | null = null;
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
  app.on('window-all-closed', () => app.quit());

  void app.whenReady().then(() => {
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    session.defaultSession.setPermissionCheckHandler(() => false);
    session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [RENDERER_CSP] } });
    });
    const hub = new ServiceHub(process.env, new SafeStorageVault());
    const handlers = createLensHandlers(hub, 'ipc', app.getVersion());
    for (const name of OPERATION_NAMES) {
      ipcMain.handle(`lens:${name}`, (event, input: unknown) =>
        trustedSender(event) ? dispatch(handlers, name, input) : { ok: false, error: { kind: 'refused', message: 'IPC from an untrusted frame was refused.' } },
      );
    }
    app.on('before-quit', () => void hub.close());
    mainWindow = createWindow();
  });
}
