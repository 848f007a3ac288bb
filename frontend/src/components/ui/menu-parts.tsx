import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import { useRef, type ComponentPropsWithoutRef } from 'react';

// The Radix side of `./menu`, in a chunk of its own: it loads on the first sign that a menu
// is wanted (pointer or focus on a trigger), so a page's first load carries neither Radix nor
// Floating UI (~30 KB gzip).

export function MenuRoot(props: ComponentPropsWithoutRef<typeof DropdownMenu.Root>) {
  return <DropdownMenu.Root modal={false} {...props} />;
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

/**
 * Radix focuses the first item of a menu opened from the keyboard, but it learns that the
 * keyboard is in use from key presses it has seen; `./menu` says so for the press that opened
 * the menu before this chunk had arrived. Radix then focuses the content itself, and the first
 * item takes that focus over.
 */
export function MenuContent({
  className,
  children,
  focusFirstItem = false,
  onFocus,
  ...props
}: ComponentPropsWithoutRef<typeof DropdownMenu.Content> & { focusFirstItem?: boolean }) {
  const pending = useRef(focusFirstItem);
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        className={['ks-menu', className].filter(Boolean).join(' ')}
        align="end"
        sideOffset={8}
        collisionPadding={8}
        onFocus={(event) => {
          onFocus?.(event);
          if (!pending.current || event.target !== event.currentTarget) return;
          pending.current = false;
          event.currentTarget
            .querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')
            ?.focus({ preventScroll: true });
        }}
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
