import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

import { directionOf } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import './menu.css';

/** A Radix dropdown menu that follows the UI language's direction. */
export function Menu({ children }: { children: ReactNode }) {
  const language = useAppStore(selectLanguage);
  return (
    <DropdownMenu.Root dir={directionOf(language)} modal={false}>
      {children}
    </DropdownMenu.Root>
  );
}

export function MenuTrigger({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof DropdownMenu.Trigger>) {
  return (
    <DropdownMenu.Trigger
      className={['ks-menu-trigger', className].filter(Boolean).join(' ')}
      {...props}
    />
  );
}

export function MenuContent({
  className,
  children,
  ...props
}: ComponentPropsWithoutRef<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        className={['ks-menu', className].filter(Boolean).join(' ')}
        align="end"
        sideOffset={8}
        collisionPadding={8}
        {...props}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}

export function MenuLabel(props: ComponentPropsWithoutRef<typeof DropdownMenu.Label>) {
  return <DropdownMenu.Label className="ks-menu__label" {...props} />;
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="ks-menu__separator" />;
}

export function MenuItem(props: ComponentPropsWithoutRef<typeof DropdownMenu.Item>) {
  return <DropdownMenu.Item className="ks-menu__item" {...props} />;
}

export const MenuRadioGroup = DropdownMenu.RadioGroup;

export function MenuRadioItem({
  children,
  ...props
}: ComponentPropsWithoutRef<typeof DropdownMenu.RadioItem>) {
  return (
    <DropdownMenu.RadioItem className="ks-menu__item ks-menu__item--radio" {...props}>
      <span className="ks-menu__item-text">{children}</span>
      <DropdownMenu.ItemIndicator className="ks-menu__indicator">
        <Check aria-hidden="true" size={16} />
      </DropdownMenu.ItemIndicator>
    </DropdownMenu.RadioItem>
  );
}
