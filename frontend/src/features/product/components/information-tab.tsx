import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { ProductDetailDto, SystemRequirementsDto } from '@/api/types';
import { PlatformIcon } from '@/components/product/platform-icon';
import { AppLink } from '@/components/ui/app-link';
import { listPath } from '@/config/paths';
import { useCatalogLabels } from '@/hooks/use-catalog-labels';
import { LANGUAGES } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import { countryNames } from '../lib/activation';

import { productLanguageNames } from './product-languages';

const REQUIREMENT_ROWS: readonly (keyof SystemRequirementsDto)[] = [
  'os',
  'cpu',
  'memory',
  'graphics',
  'storage',
];

/** The value, or a dash for a missing or empty one. */
function orDash(value: string | undefined): string {
  return value && value.trim() !== '' ? value : '—';
}

/** A release date in the UI language ("2 May 2024"); the raw text when it is not a date. */
export function formatReleaseDate(value: string, locale: string): string {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** Platform, region and countries, languages, developer, publisher, release date, requirements. */
export function InformationTab({ product }: { product: ProductDetailDto }) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const language = useAppStore(selectLanguage);
  const locale = LANGUAGES[language].htmlLang;
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });

  const rows: { label: string; value: ReactNode; testId?: string }[] = [
    {
      label: t('product.info.platform'),
      value: (
        <AppLink to={listPath(product.platform)} className="ks-info__link">
          <PlatformIcon code={product.platform} size={20} />
          {labels.platform(product.platform)}
        </AppLink>
      ),
    },
    {
      label: t('product.info.type'),
      value: <AppLink to={listPath(product.type)}>{labels.type(product.type)}</AppLink>,
    },
    { label: t('product.info.region'), value: labels.region(product.region) },
    {
      label: t('product.info.countries'),
      testId: 'info-countries',
      value:
        product.countries.length === 0
          ? t('product.activatesWorldwideShort')
          : list.format(countryNames(product.countries, locale)),
    },
    {
      label: t('product.info.languages'),
      value:
        product.languages.length === 0
          ? '—'
          : list.format(productLanguageNames(product.languages, locale)),
    },
    {
      label: t('product.info.genres'),
      value:
        product.genres.length === 0 ? (
          '—'
        ) : (
          <span className="ks-info__links">
            {product.genres.map((genre) => (
              <AppLink key={genre} to={listPath(genre)} className="ks-tag">
                {labels.genre(genre)}
              </AppLink>
            ))}
          </span>
        ),
    },
    { label: t('product.info.developer'), value: orDash(product.developer) },
    { label: t('product.info.publisher'), value: orDash(product.publisher) },
    {
      label: t('product.info.releaseDate'),
      value: product.releaseDate ? formatReleaseDate(product.releaseDate, locale) : '—',
    },
    { label: t('product.info.sku'), value: <span dir="ltr">{product.sku}</span> },
  ];

  return (
    <div className="ks-info" data-testid="panel-information">
      <h2 className="ks-visually-hidden">{t('product.tabs.information')}</h2>
      <dl className="ks-info__list">
        {rows.map((row) => (
          <div key={row.label} className="ks-info__row" data-testid={row.testId}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {product.requirements ? (
        <section className="ks-requirements" aria-labelledby="requirements-heading">
          <h3 id="requirements-heading" className="ks-panel-subtitle">
            {t('product.info.requirements')}
          </h3>
          <div className="ks-table-scroll">
            <table className="ks-requirements__table">
              <thead>
                <tr>
                  <td />
                  <th scope="col">{t('product.info.minimum')}</th>
                  <th scope="col">{t('product.info.recommended')}</th>
                </tr>
              </thead>
              <tbody>
                {REQUIREMENT_ROWS.map((row) => (
                  <tr key={row}>
                    <th scope="row">{t(`product.info.requirement.${row}`)}</th>
                    <td>{orDash(product.requirements?.minimum[row])}</td>
                    <td>{orDash(product.requirements?.recommended[row])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}
