import type { ReactNode } from 'react';

/** A refusal or failure in place of a staff list or page (a topic refused, a load failed). */
export function ErrorNotice({ children }: { children: ReactNode }) {
  return (
    <p className="notice notice--error" role="alert">
      {children}
    </p>
  );
}
