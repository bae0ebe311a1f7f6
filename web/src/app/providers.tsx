import { StrictMode, type ReactNode } from 'react';
import { ToastHost } from '../components/ToastHost';

/** App-wide providers: strict mode and the one (lazily loaded) toaster. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      {children}
      <ToastHost />
    </StrictMode>
  );
}
