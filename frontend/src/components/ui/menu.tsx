import type * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  createContext,
  useCallback,
  useContext,
  useState,
  useSyncExternalStore,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';

import { directionOf } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import type * as MenuPartsModule from './menu-parts';

import './menu.css';

// Dropdown menus whose Radix half (`./menu-parts`) loads on first use. Until a menu is first
// opened its trigger is a plain button that looks the same; pointer or focus on it fetches
// the chunk, and a press (pointer, Enter, Space, ↓) opens the menu at once or as soon as the
// chunk has arrived. Only then does the Radix trigger take the button's place.

type MenuParts = typeof MenuPartsModule;

let loadedParts: MenuParts | null = null;
let loadingParts: Promise<MenuParts> | null = null;
const listeners = new Set<() => void>();

/** Fetches the Radix half once (again after a failure); waiting menus re-render with it. */
export function loadMenuParts(): Promise<MenuParts> {
  loadingParts ??= import(/* webpackChunkName: "menu" */ './menu-parts').then(
    (parts) => {
      loadedParts = parts;
      for (const listener of listeners) listener();
      return parts;
    },
    (error: unknown) => {
      loadingParts = null;
      throw error;
    },
  );
  return loadingParts;
}

const prefetch = (): void => {
  loadMenuParts().catch(() => null);
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useLoadedParts(): MenuParts | null {
  return useSyncExternalStore(
    subscribe,
    () => loadedParts,
    () => null,
  );
}

interface MenuState {
  open: boolean;
  /** The Radix half, once this menu has been asked to open and the chunk is in. */
  parts: MenuParts | null;
  /** Opens the menu, at once or when the chunk has arrived. */
  requestOpen: (byKeyboard: boolean) => void;
  /** Whether the menu was opened from the keyboard before Radix could see it (see MenuContent). */
  openedByKeyboard: boolean;
}

const MenuContext = createContext<MenuState | null>(null);

function useMenuState(): MenuState {
  const state = useContext(MenuContext);
  if (!state) throw new Error('a menu part is outside <Menu>');
  return state;
}

/** A dropdown menu that follows the UI language's direction. */
export function Menu({ children }: { children: ReactNode }) {
  const language = useAppStore(selectLanguage);
  const loaded = useLoadedParts();
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [openedByKeyboard, setOpenedByKeyboard] = useState(false);
  const requestOpen = useCallback((byKeyboard: boolean) => {
    setOpenedByKeyboard(byKeyboard);
    setWanted(true);
    setOpen(true);
    prefetch();
  }, []);
  const changeOpen = useCallback((next: boolean) => {
    setOpen(next);
    if (!next) setOpenedByKeyboard(false);
  }, []);
  const parts = wanted ? loaded : null;
  return (
    <MenuContext.Provider value={{ open, parts, requestOpen, openedByKeyboard }}>
      {parts ? (
        <parts.MenuRoot dir={directionOf(language)} open={open} onOpenChange={changeOpen}>
          {children}
        </parts.MenuRoot>
      ) : (
        children
      )}
    </MenuContext.Provider>
  );
}

/** The keys that open a Radix dropdown menu from its trigger. */
const OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];

export function MenuTrigger({ className, ...props }: ComponentPropsWithoutRef<'button'>) {
  const { open, parts, requestOpen } = useMenuState();
  if (parts) return <parts.MenuTrigger className={className} {...props} />;
  const { onPointerDown, onKeyDown, onPointerEnter, onFocus } = props;
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={open}
      data-state={open ? 'open' : 'closed'}
      {...props}
      className={['ks-menu-trigger', className].filter(Boolean).join(' ')}
      onPointerEnter={(event) => {
        prefetch();
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        prefetch();
        onFocus?.(event);
      }}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        onPointerDown?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        requestOpen(false);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || !OPENING_KEYS.includes(event.key)) return;
        event.preventDefault();
        requestOpen(true);
      }}
    />
  );
}

export function MenuContent(props: ComponentPropsWithoutRef<typeof DropdownMenu.Content>) {
  const { parts, openedByKeyboard } = useMenuState();
  return parts ? <parts.MenuContent focusFirstItem={openedByKeyboard} {...props} /> : null;
}

export function MenuLabel(props: ComponentPropsWithoutRef<typeof DropdownMenu.Label>) {
  const { parts } = useMenuState();
  return parts ? <parts.MenuLabel {...props} /> : null;
}

export function MenuSeparator() {
  const { parts } = useMenuState();
  return parts ? <parts.MenuSeparator /> : null;
}

export function MenuItem(props: ComponentPropsWithoutRef<typeof DropdownMenu.Item>) {
  const { parts } = useMenuState();
  return parts ? <parts.MenuItem {...props} /> : null;
}

export function MenuRadioGroup(props: ComponentPropsWithoutRef<typeof DropdownMenu.RadioGroup>) {
  const { parts } = useMenuState();
  return parts ? <parts.MenuRadioGroup {...props} /> : null;
}

export function MenuRadioItem(props: ComponentPropsWithoutRef<typeof DropdownMenu.RadioItem>) {
  const { parts } = useMenuState();
  return parts ? <parts.MenuRadioItem {...props} /> : null;
}
