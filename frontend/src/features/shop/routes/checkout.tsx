import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Coins, CreditCard, MapPin, ShieldCheck, ShoppingCart } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate } from 'react-router';

import { useAddresses } from '@/api/addresses';
import { cartKeys, useCart } from '@/api/cart';
import { memberInfoKeys, useMemberInfo } from '@/api/member-info';
import type { AddressDto, MemberInfoDto } from '@/api/types';
import { PostalAddressFields } from '@/components/forms/postal-address-fields';
import { AppLink } from '@/components/ui/app-link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import {
  CheckboxField,
  errorText,
  FormAlert,
  TextareaField,
  TextField,
} from '@/components/ui/form-field';
import { LANGUAGES } from '@/lib/i18n/languages';
import { paths, paymentPath } from '@/config/paths';
import {
  EMPTY_POSTAL_ADDRESS,
  POSTAL_FIELDS,
  postalAddressLines,
  postalAddressOf,
} from '@/lib/forms/postal-address';
import { submitError } from '@/lib/forms/submit-errors';
import { ApiError } from '@/lib/http/envelope';
import { useAppStore } from '@/stores/app-store';
import { selectCurrency, selectLanguage } from '@/stores/selectors';
import { useOrderMoney } from '@/hooks/use-order-money';

import { checkout, usePaymentMethods } from '../api/shop';
import { checkoutSchema, type CheckoutValues } from '../lib/checkout-schema';
import { providerKey } from '../lib/labels';
import { rememberOrderToken } from '../lib/order-tokens';

import './shop.css';

const FIELDS: readonly FieldPath<CheckoutValues>[] = [
  'email',
  'contact',
  'note',
  'coupon',
  'paymentMethod',
  'points',
  ...POSTAL_FIELDS.map((field) => `billingAddress.${field}` as const),
];

/** Which billing address: one of the member's (by id), another typed here, or not chosen yet. */
type BillingChoice = number | 'new' | null;

/** The saved address a choice means: the default one until the buyer picks. */
function chosenAddress(saved: AddressDto[], choice: BillingChoice): AddressDto | undefined {
  if (choice === 'new') return undefined;
  if (choice === null) return saved.find((address) => address.isDefault) ?? saved[0];
  return saved.find((address) => address.id === choice);
}

const selectEmail = (member: MemberInfoDto) => member.email;
const selectPoints = (member: MemberInfoDto) => ({
  balance: member.points,
  perUsd: member.pointsExchangeRate,
});

/** A fresh key per checkout attempt: a double click or a retry answers the same order. */
function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * Checkout: the buyer's e-mail (where the keys go), a contact number, a note, a coupon and the
 * payment method offered in the chosen currency; the cart's products on the side. Placing the
 * order holds the keys for the payment window and goes to the paying screen.
 */
export function CheckoutRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const currency = useAppStore(selectCurrency);
  const memberEmail = useMemberInfo(selectEmail).data;
  const points = useMemberInfo(selectPoints).data;
  const language = useAppStore(selectLanguage);
  const cart = useCart();
  const methods = usePaymentMethods(currency.code);
  const money = useOrderMoney();
  const attempt = useRef(newIdempotencyKey());
  const [formError, setFormError] = useState<string | null>(null);
  const saved = useAddresses().data ?? [];
  const [choice, setChoice] = useState<BillingChoice>(null);
  const chosen = chosenAddress(saved, choice);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutValues>({
    resolver: zodResolver(checkoutSchema),
    values: {
      email: memberEmail ?? '',
      contact: '',
      note: '',
      coupon: '',
      paymentMethod: methods.data?.[0]?.code ?? '',
      billingAddress: EMPTY_POSTAL_ADDRESS,
      usePoints: false,
      points: String(points?.balance ?? 0),
    },
    resetOptions: { keepDirtyValues: true },
    mode: 'onSubmit',
  });
  // A saved address chosen fills the (hidden) billing fields: the form checks and sends it.
  useEffect(() => {
    if (chosen) setValue('billingAddress', postalAddressOf(chosen), { shouldDirty: true });
  }, [chosen, setValue]);
  const typeAnother = (): void => {
    setChoice('new');
    setValue('billingAddress', EMPTY_POSTAL_ADDRESS, { shouldDirty: true });
  };
  const lines = (cart.data?.lines ?? []).filter((line) => line.available);

  const usePoints = useWatch({ control, name: 'usePoints' });

  const onValid = async (values: CheckoutValues): Promise<void> => {
    setFormError(null);
    const { usePoints: paysWithPoints, points: offered, ...form } = values;
    try {
      const placed = await checkout(
        {
          ...form,
          points: paysWithPoints ? Number(offered.trim() || '0') : 0,
          currency: currency.code,
          lines: lines.map((line) => ({ productId: line.product.id, quantity: line.quantity })),
        },
        attempt.current,
      );
      rememberOrderToken(placed.order.orderNo, placed.linkToken);
      await client.invalidateQueries({ queryKey: cartKeys.all });
      if (placed.order.pointsUsed > 0) {
        await client.invalidateQueries({ queryKey: memberInfoKeys.all });
      }
      void navigate(paymentPath(paths.paying, placed.order.orderNo));
    } catch (error) {
      // A saved address the server refuses opens in the fields, to be corrected there.
      const refused =
        error instanceof ApiError &&
        Object.keys(error.fieldErrors).some((field) => field.startsWith('billingAddress.'));
      if (refused && chosen) setChoice('new');
      setFormError(submitError(error, setError, FIELDS));
    }
  };

  if (cart.isSuccess && lines.length === 0) {
    return (
      <div className="ks-container ks-shop-page" data-testid="checkout-page">
        <EmptyState icon={ShoppingCart} title={t('api.cart.empty')} testId="checkout-empty">
          <AppLink to={paths.games} className="ks-button ks-button--primary">
            {t('nav.allGames')}
          </AppLink>
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="ks-container ks-shop-page" data-testid="checkout-page">
      <Breadcrumbs
        items={[
          { label: t('shop.cart.title'), to: paths.cart },
          { label: t('shop.checkout.title') },
        ]}
      />
      <h1 className="ks-shop-page__title">{t('shop.checkout.title')}</h1>
      <form
        className="ks-shop-layout"
        noValidate
        onSubmit={(event) => void handleSubmit(onValid)(event)}
      >
        <div className="ks-shop-main">
          <section className="ks-shop-card" aria-labelledby="checkout-contact">
            <h2 id="checkout-contact" className="ks-shop-card__title">
              {t('shop.checkout.contact')}
            </h2>
            <p className="ks-shop-card__hint">{t('shop.checkout.emailHint')}</p>
            <TextField
              label={t('shop.checkout.email')}
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              testId="checkout-email"
              {...register('email')}
            />
            <TextField
              label={t('shop.checkout.phone')}
              type="tel"
              autoComplete="tel"
              optional
              error={errors.contact?.message}
              testId="checkout-contact"
              {...register('contact')}
            />
            <TextareaField
              label={t('shop.checkout.note')}
              rows={3}
              optional
              error={errors.note?.message}
              testId="checkout-note"
              {...register('note')}
            />
            <TextField
              label={t('shop.checkout.coupon')}
              optional
              autoComplete="off"
              error={errors.coupon?.message}
              testId="checkout-coupon"
              {...register('coupon')}
            />
            <fieldset className="ks-pay-methods">
              <legend className="ks-shop-card__title">{t('shop.checkout.method')}</legend>
              {(methods.data ?? []).map((method) => (
                <label key={method.code} className="ks-pay-method" data-testid="pay-method">
                  <input type="radio" value={method.code} {...register('paymentMethod')} />
                  <CreditCard aria-hidden="true" size={20} />
                  <span>{t(providerKey(method.provider))}</span>
                  {method.feeBasisPoints > 0 ? (
                    <span className="ks-pay-method__fee">
                      {t('shop.checkout.fee', {
                        percent: (method.feeBasisPoints / 100).toFixed(1),
                      })}
                    </span>
                  ) : null}
                </label>
              ))}
              {errors.paymentMethod?.message ? (
                <p className="ks-field__error" role="alert">
                  {errorText(errors.paymentMethod.message)}
                </p>
              ) : null}
            </fieldset>
          </section>
          {points && points.balance > 0 && points.perUsd > 0 ? (
            <section
              className="ks-shop-card"
              aria-labelledby="checkout-points"
              data-testid="checkout-points"
            >
              <h2 id="checkout-points" className="ks-shop-card__title ks-points-title">
                <Coins aria-hidden="true" size={20} />
                {t('shop.checkout.points')}
              </h2>
              <p className="ks-shop-card__hint" data-testid="checkout-points-balance">
                {t('shop.checkout.pointsHave', {
                  points: new Intl.NumberFormat(LANGUAGES[language].htmlLang).format(
                    points.balance,
                  ),
                  value: money(
                    Math.floor((points.balance * 100 * currency.rate) / points.perUsd),
                    currency.code,
                  ),
                })}
              </p>
              <CheckboxField
                label={t('shop.checkout.usePoints')}
                testId="checkout-use-points"
                {...register('usePoints')}
              />
              {usePoints ? (
                <TextField
                  label={t('shop.checkout.pointsToUse')}
                  inputMode="numeric"
                  autoComplete="off"
                  hint={t('shop.checkout.pointsHint', { rate: points.perUsd })}
                  error={errors.points?.message}
                  testId="checkout-points-input"
                  {...register('points')}
                />
              ) : null}
            </section>
          ) : null}
          <section className="ks-shop-card" aria-labelledby="checkout-billing">
            <h2 id="checkout-billing" className="ks-shop-card__title">
              {t('shop.checkout.billing')}
            </h2>
            <p className="ks-shop-card__hint">{t('shop.checkout.billingHint')}</p>
            {saved.length > 0 ? (
              <fieldset className="ks-billing-choices" data-testid="billing-choices">
                <legend className="ks-visually-hidden">{t('shop.checkout.billing')}</legend>
                {saved.map((address) => (
                  <label key={address.id} className="ks-billing-choice" data-testid="billing-saved">
                    <input
                      type="radio"
                      name="billing-choice"
                      checked={chosen?.id === address.id}
                      onChange={() => setChoice(address.id)}
                    />
                    <MapPin aria-hidden="true" size={18} />
                    <span className="ks-billing-choice__text">
                      {postalAddressLines(address).join(', ')}
                    </span>
                  </label>
                ))}
                <label className="ks-billing-choice" data-testid="billing-other">
                  <input
                    type="radio"
                    name="billing-choice"
                    checked={chosen === undefined}
                    onChange={typeAnother}
                  />
                  <span className="ks-billing-choice__text">{t('shop.checkout.otherAddress')}</span>
                </label>
              </fieldset>
            ) : null}
            {chosen === undefined ? (
              <PostalAddressFields
                register={register}
                control={control}
                errors={errors.billingAddress}
                prefix="billingAddress."
                testPrefix="billing"
                autoCompleteSection="billing"
              />
            ) : null}
          </section>
        </div>
        <aside className="ks-shop-summary" aria-label={t('shop.summary')}>
          <ul className="ks-summary-lines">
            {lines.map((line) => (
              <li key={line.product.id}>
                <span>
                  {line.product.title} × {line.quantity}
                </span>
                <span>{money(line.lineTotal, cart.data?.currency ?? currency.code)}</span>
              </li>
            ))}
          </ul>
          <dl className="ks-price-parts">
            <div>
              <dt>{t('shop.price.goods')}</dt>
              <dd data-testid="checkout-goods">
                {money(cart.data?.goods ?? 0, cart.data?.currency ?? currency.code)}
              </dd>
            </div>
          </dl>
          <p className="ks-shop-card__hint">{t('shop.checkout.discountsNext')}</p>
          {formError ? <FormAlert testId="checkout-error">{formError}</FormAlert> : null}
          <button
            type="submit"
            className="ks-button ks-button--primary ks-button--block"
            disabled={isSubmitting || lines.length === 0}
            data-testid="checkout-submit"
          >
            {t('shop.checkout.place')}
          </button>
          <p className="ks-shop-summary__secure">
            <ShieldCheck aria-hidden="true" size={16} />
            {t('product.promise.secure')}
          </p>
        </aside>
      </form>
    </div>
  );
}
