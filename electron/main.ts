// The desktop shell: window, IPC door and OS key store. All logic lives in the Node layer, which the
// CLI, browser mode and the tests run too (the door in api/ipc-door.ts, the vault in
// secrets/sealed-secret-vault.ts); this file only wires it to Electron.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, ipcMain, safeStorage, session } from 'electron';
import { registerIpcDoor } from './api/ipc-door';
import { createLensHandlers } from './api/lens-handlers';
import { SealedSecretVault, type OsCipher } from './secrets/sealed-secret-vault';
import { ServiceHub } from './services/service-hub';
import { appRoot, lensHome } from './app-home';
import { RENDERER_CSP } from './web/web-host';

const RENDERER_INDEX = path.join(appRoot(), 'dist', 'renderer', 'index.html');
const RENDERER_URL = pathToFileURL(RENDERER_INDEX).href;
const PRELOAD = path.join(appRoot(), 'dist', 'electron', 'preload.cjs');

/** Electron's safeStorage as the vault's OS cipher. */
const OS_CIPHER: OsCipher = {
  isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
  backend: () => (process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os'),
  encryptString: (plain) => safeStorage.encryptString(plain),
  decryptString: (sealed) => safeStorage.decryptString(sealed),
};

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1400,
    height: 900,
    title: 'Provenance Lens',
    show: false,
    webPreferences: {
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    },
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
    const hub = new ServiceHub(process.env, new SealedSecretVault(path.join(lensHome(), 'secrets.json'), OS_CIPHER), undefined, {
      warmOnConnect: true,
    });
    registerIpcDoor(ipcMain, createLensHandlers(hub, 'ipc', app.getVersion()), RENDERER_URL);
    app.on('before-quit', () => void hub.close());
    mainWindow = createWindow();
  });
}
