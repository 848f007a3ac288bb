import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Archive,
  ArrowLeft,
  Eye,
  EyeOff,
  ImagePlus,
  KeyRound,
  Save,
  Trash2,
  Upload,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, useNavigate } from 'react-router';

import type { ConsoleProductDto, Language, ProductState } from '@/api/types';
import { LanguageValues } from '@/api/vocabulary';
import {
  CheckboxField,
  FormAlert,
  SelectField,
  TextField,
  TextareaField,
  errorText,
} from '@/components/ui/form-field';
import { paths, productPath } from '@/config/paths';
import { useCatalogLabels } from '@/hooks/use-catalog-labels';
import { GENRES, PLATFORMS, PRODUCT_TYPES, REGIONS } from '@/lib/catalog/codes';
import { LANGUAGES } from '@/lib/i18n/languages';
import { ApiError } from '@/lib/http/envelope';
import { notify } from '@/lib/toast';
import { useAppStore } from '@/stores/app-store';

import {
  removeProductImage,
  saveProduct,
  setProductState,
  staffProduct,
  uploadProductImage,
} from '../api/staff';
import { LanguageTabs } from '../components/language-tabs';
import { RequirePermission } from '../components/staff-layout';
import { useEdited } from '../lib/use-edited';
import {
  emptyProductForm,
  fieldOfError,
  fieldsOfForm,
  formOfProduct,
  missingLanguages,
  slugOf,
  type LanguageTextsForm,
  type ProductForm,
  type RequirementForm,
} from '../lib/product-form';
import { PRODUCTS_KEY, StateBadge } from './staff-products';

const REQUIREMENT_PARTS = ['os', 'cpu', 'memory', 'graphics', 'storage'] as const;

/** ISO country codes named in the console's language ("Japan", "日本"). */
function countryNames(codes: readonly string[], locale: string): string[] {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return codes.map((code) => names.of(code) ?? code);
  } catch {
    return [...codes];
  }
}

function failure(error: Error): string {
  return error instanceof ApiError ? errorText(error.msgKey) : error.message;
}

/** The texts of every catalogue language: a tab per language, marked when written. */
function TextsSection({
  form,
  setTexts,
  errors,
}: {
  form: ProductForm;
  setTexts: (language: Language, texts: LanguageTextsForm) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language>('en-US');
  const missing = missingLanguages(form);
  const texts = form.texts[language];
  const info = LANGUAGES[language];
  const set =
    (name: keyof LanguageTextsForm) =>
    (event: { target: { value: string } }): void =>
      setTexts(language, { ...texts, [name]: event.target.value });
  return (
    <fieldset className="ks-staff__card ks-staff__section" data-testid="staff-product-texts">
      <legend className="ks-staff__subtitle">{t('staff.products.sectionTexts')}</legend>
      <p className="ks-staff__intro" data-testid="staff-product-missing">
        {missing.length === 0
          ? t('staff.products.allWritten')
          : t('staff.products.missing', {
              languages: missing.map((code) => LANGUAGES[code].nativeName).join(', '),
            })}{' '}
        {missing.length > 0 ? t('staff.products.fallbackHint') : null}
      </p>
      <LanguageTabs
        selected={language}
        onSelect={setLanguage}
        written={(code) => !missing.includes(code)}
        errors={errors}
        testIdPrefix="staff-product-lang"
      />
      <div className="ks-staff__tab-panel" role="tabpanel" lang={info.htmlLang} dir={info.dir}>
        <TextField
          label={`${t('staff.products.titleField')} · ${info.nativeName}`}
          value={texts.title}
          onChange={set('title')}
          error={errors[`${language}.title`]}
          testId="staff-product-title"
        />
        <TextareaField
          label={t('staff.products.description')}
          rows={6}
          value={texts.description}
          onChange={set('description')}
          error={errors[`${language}.description`]}
          testId="staff-product-description"
        />
        <TextareaField
          label={t('staff.products.activationGuide')}
          rows={4}
          value={texts.activationGuide}
          onChange={set('activationGuide')}
          error={errors[`${language}.activationGuide`]}
          testId="staff-product-guide"
        />
      </div>
    </fieldset>
  );
}

/** The cover and the screenshots: uploaded, shown, removed (each with the version read). */
function ImagesSection({
  product,
  onChanged,
}: {
  product: ConsoleProductDto;
  onChanged: (product: ConsoleProductDto) => void;
}) {
  const { t } = useTranslation();
  const coverInput = useRef<HTMLInputElement>(null);
  const screenshotInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (
      action:
        | { upload: 'cover' | 'screenshot'; file: File }
        | { remove: 'cover' | 'screenshot'; index?: number },
    ) =>
      'upload' in action
        ? uploadProductImage(product.id, product.version, action.upload, action.file)
        : removeProductImage(product.id, product.version, action.remove, action.index),
    onSuccess: (saved) => {
      setError(null);
      onChanged(saved);
    },
    onError: (failed) => {
      const fieldError =
        failed instanceof ApiError ? Object.values(failed.fieldErrors)[0] : undefined;
      setError(fieldError ? errorText(fieldError) : failure(failed));
    },
  });
  const pick =
    (slot: 'cover' | 'screenshot') =>
    (event: React.ChangeEvent<HTMLInputElement>): void => {
      const file = event.target.files?.[0];
      event.target.value = '';
      if (file) change.mutate({ upload: slot, file });
    };
  return (
    <fieldset className="ks-staff__card ks-staff__section" data-testid="staff-product-images">
      <legend className="ks-staff__subtitle">{t('staff.products.sectionImages')}</legend>
      <p className="ks-staff__intro">{t('staff.products.imageHint')}</p>
      <div className="ks-staff__images">
        <figure className="ks-staff__image">
          <figcaption>{t('staff.products.cover')}</figcaption>
          {product.cover ? (
            <img
              src={product.cover}
              alt={t('staff.products.cover')}
              data-testid="staff-product-cover"
            />
          ) : (
            <p className="ks-staff__muted">{t('staff.products.generated')}</p>
          )}
          <div className="ks-staff__actions">
            <button
              type="button"
              className="ks-button ks-button--secondary ks-button--small"
              disabled={change.isPending}
              onClick={() => coverInput.current?.click()}
              data-testid="staff-product-upload-cover"
            >
              <Upload size={16} aria-hidden />
              {change.isPending ? t('staff.products.uploading') : t('staff.products.uploadCover')}
            </button>
            {product.cover ? (
              <button
                type="button"
                className="ks-button ks-button--ghost ks-button--small"
                disabled={change.isPending}
                onClick={() => change.mutate({ remove: 'cover' })}
              >
                <Trash2 size={16} aria-hidden />
                {t('staff.products.remove')}
              </button>
            ) : null}
          </div>
          <input
            ref={coverInput}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            hidden
            onChange={pick('cover')}
            data-testid="staff-product-cover-file"
          />
        </figure>
        <div className="ks-staff__image ks-staff__image--wide">
          <p>{t('staff.products.screenshots')}</p>
          <ul className="ks-staff__shots">
            {product.screenshots.map((url, index) => (
              <li key={url}>
                <img src={url} alt={`${t('staff.products.screenshots')} ${String(index + 1)}`} />
                <button
                  type="button"
                  className="ks-button ks-button--ghost ks-button--small"
                  disabled={change.isPending}
                  onClick={() => change.mutate({ remove: 'screenshot', index: index + 1 })}
                >
                  <Trash2 size={16} aria-hidden />
                  {t('staff.products.remove')}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="ks-button ks-button--secondary ks-button--small"
            disabled={change.isPending}
            onClick={() => screenshotInput.current?.click()}
          >
            <ImagePlus size={16} aria-hidden />
            {t('staff.products.addScreenshot')}
          </button>
          <input
            ref={screenshotInput}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            hidden
            onChange={pick('screenshot')}
            data-testid="staff-product-screenshot-file"
          />
        </div>
      </div>
      <FormAlert>{error}</FormAlert>
    </fieldset>
  );
}

function RequirementFields({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: RequirementForm;
  onChange: (value: RequirementForm) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="ks-staff__requirements">
      <legend>{legend}</legend>
      {REQUIREMENT_PARTS.map((part) => (
        <TextField
          key={part}
          label={t(`staff.products.${part}`)}
          value={value[part]}
          onChange={(event) => onChange({ ...value, [part]: event.target.value })}
        />
      ))}
    </fieldset>
  );
}

/** The editor of one product (or a new draft): every field, every language, its images. */
function ProductEditor({
  product,
  onCreated,
}: {
  product: ConsoleProductDto | null;
  onCreated?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = useAppStore((state) => state.language);
  const [current, setCurrent] = useState<ConsoleProductDto | null>(product);
  const [form, setForm] = useState<ProductForm>(
    product ? formOfProduct(product) : emptyProductForm(),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const saved = (next: ConsoleProductDto): Promise<void> => {
    setCurrent(next);
    queryClient.setQueryData([...PRODUCTS_KEY, 'one', next.id], next);
    return queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY, exact: false });
  };
  const save = useMutation({
    mutationFn: (fields: Parameters<typeof saveProduct>[0]) =>
      saveProduct(fields, current?.id, current?.version),
    onSuccess: async (next) => {
      notify.success(t('staff.products.saved'));
      setErrors({});
      const created = current === null;
      await saved(next);
      if (created) {
        onCreated?.(next.id);
        void navigate(`${paths.staffProducts}/${String(next.id)}`, { replace: true });
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.fieldErrors).map(([field, key]) => [fieldOfError(field), key]),
          ),
        );
        setFormError(errorText('api.error.validation'));
      } else {
        setFormError(failure(error));
      }
    },
  });
  const move = useMutation({
    mutationFn: (state: ProductState) => {
      if (current === null) throw new Error('no product');
      return setProductState(current.id, current.version, state);
    },
    onSuccess: async (next) => {
      notify.success(
        t('staff.products.stateChanged', { state: t(`staff.products.state.${next.state}`) }),
      );
      await saved(next);
    },
    onError: (error) => setFormError(failure(error)),
  });

  const set =
    (
      name:
        | 'sku'
        | 'gameName'
        | 'gameExtName'
        | 'developer'
        | 'publisher'
        | 'releaseDate'
        | 'price'
        | 'listPrice'
        | 'perOrderLimit',
    ) =>
    (event: { target: { value: string } }): void =>
      setForm((previous) => ({ ...previous, [name]: event.target.value }));
  const submit = (): void => {
    setFormError(null);
    const parsed = fieldsOfForm(form);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return;
    }
    save.mutate(parsed.fields);
  };
  const locale = LANGUAGES[language].htmlLang;
  const countries = current?.countries ?? [];

  return (
    <section data-testid="staff-product-editor">
      <p>
        <Link to={paths.staffProducts} className="ks-staff__back">
          <ArrowLeft size={16} aria-hidden className="ks-staff__flip" />
          {t('staff.products.back')}
        </Link>
      </p>
      <h1 className="ks-staff__title">
        {current ? t('staff.products.editTitle') : t('staff.products.newTitle')}
        {current ? (
          <>
            {' '}
            <StateBadge state={current.state} />
          </>
        ) : null}
      </h1>
      {current ? (
        <p className="ks-staff__intro ks-staff__muted" data-testid="staff-product-version">
          {t('staff.products.version', { version: current.version })}
        </p>
      ) : null}
      <form
        className="ks-staff__editor"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="ks-staff__card ks-staff__section">
          <legend className="ks-staff__subtitle">{t('staff.products.sectionBasics')}</legend>
          <div className="ks-staff__grid">
            <TextField
              label={t('staff.products.sku')}
              value={form.sku}
              onChange={set('sku')}
              error={errors.sku}
              testId="staff-product-sku"
            />
            <TextField
              label={t('staff.products.gameName')}
              value={form.gameName}
              onChange={set('gameName')}
              error={errors.gameName}
              testId="staff-product-game-name"
              dir="ltr"
            />
            <TextField
              label={t('staff.products.gameExtName')}
              value={form.gameExtName}
              onChange={set('gameExtName')}
              hint={t('staff.products.addressHint', {
                name: form.gameName || '…',
                edition: form.gameExtName || '…',
              })}
              error={errors.gameExtName}
              testId="staff-product-game-ext-name"
              dir="ltr"
            />
            <SelectField
              label={t('staff.products.productType')}
              value={form.type}
              onChange={(event) =>
                setForm({ ...form, type: event.target.value as ProductForm['type'] })
              }
              testId="staff-product-type"
            >
              {PRODUCT_TYPES.map((code) => (
                <option key={code} value={code}>
                  {labels.type(code)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('staff.products.platform')}
              value={form.platform}
              onChange={(event) =>
                setForm({ ...form, platform: event.target.value as ProductForm['platform'] })
              }
              testId="staff-product-platform"
            >
              {PLATFORMS.map((code) => (
                <option key={code} value={code}>
                  {labels.platform(code)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('staff.products.region')}
              value={form.region}
              onChange={(event) =>
                setForm({ ...form, region: event.target.value as ProductForm['region'] })
              }
              hint={`${t('staff.products.countries')}: ${
                countries.length === 0
                  ? t('staff.products.worldwide')
                  : countryNames(countries, locale).join(', ')
              }`}
              testId="staff-product-region"
            >
              {REGIONS.map((code) => (
                <option key={code} value={code}>
                  {labels.region(code)}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('staff.products.priceUsd')}
              inputMode="decimal"
              value={form.price}
              onChange={set('price')}
              error={errors.priceUsd}
              testId="staff-product-price"
            />
            <TextField
              label={t('staff.products.listPriceUsd')}
              inputMode="decimal"
              value={form.listPrice}
              onChange={set('listPrice')}
              error={errors.listPriceUsd}
              testId="staff-product-list-price"
            />
            <TextField
              label={t('staff.products.perOrderLimit')}
              inputMode="numeric"
              value={form.perOrderLimit}
              onChange={set('perOrderLimit')}
              error={errors.perOrderLimit}
              testId="staff-product-per-order"
            />
            <TextField
              label={t('staff.products.releaseDate')}
              type="date"
              value={form.releaseDate}
              onChange={set('releaseDate')}
              error={errors.releaseDate}
              testId="staff-product-release"
            />
            <TextField
              label={t('staff.products.developer')}
              value={form.developer}
              onChange={set('developer')}
              error={errors.developer}
            />
            <TextField
              label={t('staff.products.publisher')}
              value={form.publisher}
              onChange={set('publisher')}
              error={errors.publisher}
            />
          </div>
          <CheckboxField
            label={t('staff.products.preorder')}
            checked={form.preorder}
            onChange={(event) => setForm({ ...form, preorder: event.target.checked })}
          />
        </fieldset>

        <TextsSection
          form={form}
          errors={errors}
          setTexts={(code, texts) =>
            setForm((previous) => {
              // A new product's address follows its English title until it is edited.
              const follows =
                current === null &&
                code === 'en-US' &&
                previous.gameName === slugOf(previous.texts['en-US'].title);
              return {
                ...previous,
                gameName: follows ? slugOf(texts.title) : previous.gameName,
                texts: { ...previous.texts, [code]: texts },
              };
            })
          }
        />

        {current ? (
          <ImagesSection product={current} onChanged={(next) => void saved(next)} />
        ) : (
          <p className="ks-staff__intro">{t('staff.products.imagesAfterCreate')}</p>
        )}

        <fieldset className="ks-staff__card ks-staff__section">
          <legend className="ks-staff__subtitle">{t('staff.products.sectionDetails')}</legend>
          <fieldset className="ks-staff__types">
            <legend>{t('staff.products.genres')}</legend>
            {GENRES.map((genre) => (
              <CheckboxField
                key={genre}
                label={labels.genre(genre)}
                checked={form.genres.includes(genre)}
                onChange={(event) =>
                  setForm((previous) => ({
                    ...previous,
                    genres: event.target.checked
                      ? [...previous.genres, genre]
                      : previous.genres.filter((kept) => kept !== genre),
                  }))
                }
              />
            ))}
          </fieldset>
          <FormAlert>{errors.genres ? errorText(errors.genres) : null}</FormAlert>
          <fieldset className="ks-staff__types">
            <legend>{t('staff.products.productLanguages')}</legend>
            {LanguageValues.map((code) => (
              <CheckboxField
                key={code}
                label={LANGUAGES[code].nativeName}
                checked={form.languages.includes(code)}
                onChange={(event) =>
                  setForm((previous) => ({
                    ...previous,
                    languages: event.target.checked
                      ? [...previous.languages, code]
                      : previous.languages.filter((kept) => kept !== code),
                  }))
                }
              />
            ))}
          </fieldset>
          <h3 className="ks-staff__subtitle">{t('staff.products.requirements')}</h3>
          <div className="ks-staff__grid">
            <RequirementFields
              legend={t('staff.products.minimum')}
              value={form.minimum}
              onChange={(minimum) => setForm({ ...form, minimum })}
            />
            <RequirementFields
              legend={t('staff.products.recommended')}
              value={form.recommended}
              onChange={(recommended) => setForm({ ...form, recommended })}
            />
          </div>
        </fieldset>

        <FormAlert>{formError}</FormAlert>
        <div className="ks-staff__actions ks-staff__sticky-actions">
          <button
            type="submit"
            className="ks-button ks-button--primary"
            disabled={save.isPending}
            data-testid="staff-product-save"
          >
            <Save size={18} aria-hidden />
            {current ? t('staff.products.save') : t('staff.products.create')}
          </button>
          {current && current.state !== 'published' ? (
            <button
              type="button"
              className="ks-button ks-button--secondary"
              disabled={move.isPending}
              onClick={() => move.mutate('published')}
              data-testid="staff-product-publish"
            >
              <Eye size={18} aria-hidden />
              {t('staff.products.publish')}
            </button>
          ) : null}
          {current?.state === 'published' ? (
            <>
              <button
                type="button"
                className="ks-button ks-button--secondary"
                disabled={move.isPending}
                onClick={() => move.mutate('draft')}
                data-testid="staff-product-unpublish"
              >
                <EyeOff size={18} aria-hidden />
                {t('staff.products.unpublish')}
              </button>
              <Link
                className="ks-button ks-button--ghost"
                to={productPath(current.fields.gameName, current.fields.gameExtName)}
                target="_blank"
              >
                {t('staff.products.viewInShop')}
              </Link>
            </>
          ) : null}
          {current && current.state !== 'archived' ? (
            <button
              type="button"
              className="ks-button ks-button--ghost"
              disabled={move.isPending}
              onClick={() => move.mutate('archived')}
              data-testid="staff-product-archive"
            >
              <Archive size={18} aria-hidden />
              {t('staff.products.archive')}
            </button>
          ) : null}
          {current ? (
            <Link
              className="ks-button ks-button--ghost"
              to={`${paths.staffStock}?sku=${encodeURIComponent(current.fields.sku)}`}
              data-testid="staff-product-keys"
            >
              <KeyRound size={18} aria-hidden />
              {t('staff.products.keys')}
            </Link>
          ) : null}
        </div>
      </form>
    </section>
  );
}

function ProductPage() {
  const { fresh, query, created } = useEdited(PRODUCTS_KEY, staffProduct);
  if (fresh) return <ProductEditor key="new" product={null} onCreated={created} />;
  if (query.isError) return <FormAlert>{failure(query.error)}</FormAlert>;
  if (!query.data) return null;
  return <ProductEditor key={query.data.id} product={query.data} />;
}

/** A product in the console: the new draft (`/staff/products/new`) or one to edit. */
export function StaffProductRoute() {
  return (
    <RequirePermission permission="catalog.manage">
      <ProductPage />
    </RequirePermission>
  );
}
