import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  text?: string;
  /** The way out: a link or button. */
  children?: ReactNode;
  testId?: string;
  headingLevel?: 1 | 2;
}

/** A friendly dead end with a way out (no results, nothing here, not found). */
export function EmptyState({
  icon: Icon,
  title,
  text,
  children,
  testId,
  headingLevel = 2,
}: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="ks-empty" data-testid={testId}>
      <span className="ks-empty__icon" aria-hidden="true">
        <Icon size={28} />
      </span>
      <Heading className="ks-empty__title">{title}</Heading>
      {text ? <p className="ks-empty__text">{text}</p> : null}
      {children ? <div className="ks-empty__actions">{children}</div> : null}
    </div>
  );
}
