import type { ReactNode } from 'react';

import './auth-card.css';

/** The card the sign-in, sign-up and password pages (the shop's and the console's) sit in. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
  testId,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="ks-container ks-page ks-auth" data-testid={testId}>
      <section className="ks-auth__card">
        <h1 className="ks-auth__title">{title}</h1>
        {intro ? <p className="ks-auth__intro">{intro}</p> : null}
        {children}
        {footer ? <div className="ks-auth__footer">{footer}</div> : null}
      </section>
    </div>
  );
}
