import { Search, X } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useLocation } from 'react-router';

import { PlatformIcon } from '@/components/product/platform-icon';
import { paths, productPath, searchPath } from '@/config/paths';
import { useCatalogLabels } from '@/hooks/use-catalog-labels';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { localTitle } from '@/lib/catalog/local-title';
import { useAppNavigate } from '@/lib/navigation/use-app-navigate';
import { truncateTitle } from '@/lib/text/truncate-title';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import { MIN_SUGGEST_LENGTH, useSuggestions } from '../api/get-suggestions';

import './search-box.css';

const DEBOUNCE_MS = 250;

/** The `text` of the address while on `/games`, else empty. */
function textOfPlace(pathname: string, search: string): string {
  return pathname === paths.games ? (new URLSearchParams(search).get('text') ?? '') : '';
}

/**
 * The header search: a combobox (ARIA 1.2) that suggests up to 8 products as the shopper
 * types (debounced). Arrow keys move through the suggestions, Enter opens the highlighted
 * one or, with none highlighted, searches `/games?text=…`; Escape closes the list, then
 * clears the text.
 */
export function SearchBox({ className }: { className?: string }) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const language = useAppStore(selectLanguage);
  const navigate = useAppNavigate();
  const location = useLocation();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const place = `${location.pathname}${location.search}`;
  const [text, setText] = useState(() => textOfPlace(location.pathname, location.search));
  const [shownPlace, setShownPlace] = useState(place);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(text, DEBOUNCE_MS);
  const suggestions = useSuggestions(debounced);

  // Follow the address: the search text of /games, empty elsewhere.
  if (shownPlace !== place) {
    setShownPlace(place);
    setText(textOfPlace(location.pathname, location.search));
    setOpen(false);
    setActive(-1);
  }

  const ready = text.trim().length >= MIN_SUGGEST_LENGTH;
  const options = ready ? (suggestions.data ?? []) : [];
  const expanded = open && ready && options.length > 0;

  const close = (): void => {
    setOpen(false);
    setActive(-1);
  };

  const goToSearch = (): void => {
    const query = text.trim();
    if (query === '') return;
    close();
    navigate(searchPath(query));
  };

  const goToOption = (index: number): void => {
    const option = options[index];
    if (!option) return;
    close();
    inputRef.current?.blur();
    navigate(productPath(option.gameName, option.gameExtName));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (options.length > 0) setActive((index) => (index + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (options.length > 0) setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
        break;
      case 'Enter':
        event.preventDefault();
        if (expanded && active >= 0) goToOption(active);
        else goToSearch();
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        } else if (text !== '') {
          event.preventDefault();
          setText('');
        }
        break;
      default:
        break;
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <form
      role="search"
      className={['ks-search', className].filter(Boolean).join(' ')}
      aria-label={t('search.label')}
      onSubmit={(event) => {
        event.preventDefault();
        goToSearch();
      }}
    >
      <Search aria-hidden="true" size={18} className="ks-search__icon" />
      <input
        ref={inputRef}
        type="search"
        className="ks-search__input"
        role="combobox"
        aria-label={t('search.label')}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder={t('search.placeholder')}
        value={text}
        maxLength={100}
        data-testid="search-input"
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      {text !== '' ? (
        <button
          type="button"
          className="ks-search__clear"
          aria-label={t('search.clear')}
          onClick={() => {
            setText('');
            inputRef.current?.focus();
          }}
        >
          <X aria-hidden="true" size={16} />
        </button>
      ) : null}
      <button type="submit" className="ks-search__submit" aria-label={t('search.submit')}>
        <Search aria-hidden="true" size={18} />
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('search.suggestions')}
        className="ks-search__list"
        hidden={!expanded}
        data-testid="search-suggestions"
      >
        {options.map((option, index) => (
          <li
            key={`${option.gameName}/${option.gameExtName}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="ks-search__option"
            // Keep the focus in the input: choose on mouse down, before the blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              goToOption(index);
            }}
            onMouseMove={() => setActive(index)}
          >
            <img className="ks-search__cover" src={option.cover} alt="" loading="lazy" />
            <span className="ks-search__option-text">
              <span className="ks-search__option-title">
                {truncateTitle(localTitle(option, language))}
              </span>
              <span className="ks-search__option-meta">
                <PlatformIcon code={option.platform} size={16} />
                {labels.platform(option.platform)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <span className="ks-visually-hidden" role="status" aria-live="polite">
        {expanded ? t('search.count', { count: options.length }) : ''}
      </span>
    </form>
  );
}
