import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What shows while a screen's code is on its way. */
function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <p className="screen-loading" role="status" data-testid="screen-loading">
      {t('screen_loading')}
    </p>
  );
}

/** A screen whose code could not be fetched (the host stopped, or a newer build replaced it): reloading fetches it again. */
function ScreenLoadFailed() {
  const { t } = useTranslation();
  return (
    <div className="error-box" role="alert" data-testid="screen-load-failed">
      <p>{t('screen_load_failed')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('screen_reload')}
      </button>
    </div>
  );
}

/** Catches the failure of a lazily loaded screen so the header and the other screens stay usable. */
class ScreenBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed to load or render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ScreenLoadFailed /> : this.props.children;
  }
}

/** The frame of the current screen: a loading state while its code loads, and a clear message if it cannot. */
export function ScreenFrame({ children }: { children: ReactNode }) {
  return (
    <ScreenBoundary>
      <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
    </ScreenBoundary>
  );
}
