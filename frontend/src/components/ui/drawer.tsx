import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import './drawer.css';

interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The side it slides in from, in reading direction. */
  side?: 'start' | 'end';
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

/** A modal panel from the side of the screen (menus and filters on phones): Radix Dialog. */
export function Drawer({
  open,
  onOpenChange,
  title,
  side = 'start',
  children,
  footer,
  testId,
}: DrawerProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="ks-drawer-overlay" />
        <Dialog.Content
          className={`ks-drawer ks-drawer--${side}`}
          data-testid={testId}
          aria-describedby={undefined}
        >
          <div className="ks-drawer__header">
            <Dialog.Title className="ks-drawer__title">{title}</Dialog.Title>
            <Dialog.Close className="ks-icon-button" aria-label={t('common.close')}>
              <X aria-hidden="true" size={20} />
            </Dialog.Close>
          </div>
          <div className="ks-drawer__body">{children}</div>
          {footer ? <div className="ks-drawer__footer">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const DrawerClose = Dialog.Close;
