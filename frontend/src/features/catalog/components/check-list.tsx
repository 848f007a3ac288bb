import { Check } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

export interface CheckOption {
  code: string;
  label: string;
  icon?: ReactNode;
  /** Products with this value given every other filter; unknown when omitted. */
  count?: number;
  lang?: string;
}

interface CheckListProps {
  name: string;
  options: readonly CheckOption[];
  selected: readonly string[];
  onToggle: (code: string) => void;
  /** Longer lists show this many until "Show all". */
  collapsedCount?: number;
}

/**
 * Checkboxes of one filter with their facet counts. An option nothing matches (count 0)
 * is disabled unless it is already ticked, so a tick never leads to an empty list.
 */
export function CheckList({
  name,
  options,
  selected,
  onToggle,
  collapsedCount = 8,
}: CheckListProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  // Ticked options always stay visible, even in a collapsed list.
  const visible =
    expanded || options.length <= collapsedCount + 2
      ? options
      : options.filter((option, index) => index < collapsedCount || selected.includes(option.code));
  const hiddenCount = options.length - visible.length;

  return (
    <div className="ks-check-list">
      <ul>
        {visible.map((option) => {
          const checked = selected.includes(option.code);
          const disabled = !checked && option.count === 0;
          return (
            <li key={option.code}>
              <label className="ks-check" data-disabled={disabled || undefined}>
                <input
                  type="checkbox"
                  className="ks-check__input"
                  name={name}
                  value={option.code}
                  checked={checked}
                  disabled={disabled}
                  onChange={() => onToggle(option.code)}
                />
                <span className="ks-check__box" aria-hidden="true">
                  <Check size={14} strokeWidth={3} />
                </span>
                {option.icon}
                <span className="ks-check__label" lang={option.lang}>
                  {option.label}
                </span>
                {option.count === undefined ? null : (
                  <span className="ks-check__count">{option.count}</span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
      {hiddenCount > 0 || expanded ? (
        <button
          type="button"
          className="ks-check-list__more"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded
            ? t('catalog.filters.showLess')
            : t('catalog.filters.showAll', { count: hiddenCount })}
        </button>
      ) : null}
    </div>
  );
}
