import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { pagerModel } from '@/lib/pagination';

import { AppLink } from './app-link';

import './pagination.css';

interface PaginationProps {
  page: number;
  total: number;
  limit: number;
  /** Pages as links (lists whose page lives in the address)… */
  hrefForPage?: (page: number) => string;
  /** …or as buttons (lists inside a page, e.g. reviews). */
  onPageChange?: (page: number) => void;
  /** With both, a page-size select follows the pager. */
  pageSizes?: readonly number[];
  onPageSizeChange?: (limit: number) => void;
  /** Name of the navigation landmark. */
  label?: string;
}

/** Total, previous, the pager and next (and the page size), as one navigation landmark. */
export function Pagination({
  page,
  total,
  limit,
  hrefForPage,
  onPageChange,
  pageSizes,
  onPageSizeChange,
  label,
}: PaginationProps) {
  const { t } = useTranslation();
  const model = pagerModel({ page, total, limit });

  const control = (
    target: number,
    content: ReactNode,
    props: { className: string; ariaLabel: string; current?: boolean; disabled?: boolean },
  ) => {
    if (props.disabled) {
      return (
        <span className={`${props.className} is-disabled`} aria-disabled="true">
          {content}
        </span>
      );
    }
    const common = {
      className: props.className,
      'aria-label': props.ariaLabel,
      'aria-current': props.current ? ('page' as const) : undefined,
    };
    if (hrefForPage) {
      return (
        <AppLink to={hrefForPage(target)} {...common}>
          {content}
        </AppLink>
      );
    }
    return (
      <button type="button" {...common} onClick={() => onPageChange?.(target)}>
        {content}
      </button>
    );
  };

  return (
    <nav className="ks-pagination" aria-label={label ?? t('pagination.label')}>
      <p className="ks-pagination__total">{t('pagination.total', { count: total })}</p>
      <div className="ks-pagination__pager">
        {control(model.page - 1, <ChevronLeft aria-hidden="true" size={18} className="ks-flip" />, {
          className: 'ks-pagination__step',
          ariaLabel: t('pagination.previous'),
          disabled: !model.hasPrevious,
        })}
        <ul className="ks-pagination__pages">
          {model.items.map((item) =>
            item.kind === 'gap' ? (
              <li key={item.key} className="ks-pagination__gap" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={item.page}>
                {control(item.page, item.page, {
                  className: 'ks-pagination__page',
                  ariaLabel: t('pagination.page', { page: item.page }),
                  current: item.current,
                })}
              </li>
            ),
          )}
        </ul>
        {control(
          model.page + 1,
          <ChevronRight aria-hidden="true" size={18} className="ks-flip" />,
          {
            className: 'ks-pagination__step',
            ariaLabel: t('pagination.next'),
            disabled: !model.hasNext,
          },
        )}
      </div>
      {pageSizes && onPageSizeChange ? (
        <label className="ks-pagination__size">
          <span>{t('pagination.pageSize')}</span>
          <select
            className="ks-select"
            value={limit}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {t('pagination.perPage', { count: size })}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </nav>
  );
}
