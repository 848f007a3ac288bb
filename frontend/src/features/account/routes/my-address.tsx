import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { MapPin, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/use-translation';
import * as z from 'zod/mini';

import type { AddressBody, AddressDto } from '@/api/types';
import { EmptyState } from '@/components/ui/empty-state';
import { PostalAddressFields } from '@/components/forms/postal-address-fields';
import { CheckboxField, FormAlert } from '@/components/ui/form-field';
import { submitError } from '@/lib/forms/submit-errors';
import {
  EMPTY_POSTAL_ADDRESS,
  POSTAL_FIELDS,
  postalAddressLines,
  postalAddressShape,
} from '@/lib/forms/postal-address';
import { notify } from '@/lib/toast';

import {
  accountKeys,
  createAddress,
  deleteAddress,
  setDefaultAddress,
  updateAddress,
  useAddresses,
} from '../api/account';
import { AccountHeading } from '../components/account-layout';

const schema = z.object({ ...postalAddressShape, isDefault: z.boolean() });
const FIELDS: readonly FieldPath<AddressBody>[] = POSTAL_FIELDS;
const EMPTY: AddressBody = { ...EMPTY_POSTAL_ADDRESS, isDefault: false };

function AddressForm({ editing, onDone }: { editing: AddressDto | null; onDone: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AddressBody>({
    resolver: zodResolver(schema),
    defaultValues: editing ? { ...editing } : EMPTY,
    mode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const onValid = async (values: AddressBody): Promise<void> => {
    setFormError(null);
    try {
      if (editing) await updateAddress(editing.id, values);
      else await createAddress(values);
      await client.invalidateQueries({ queryKey: accountKeys.addresses() });
      notify.success(t('api.address.saved'));
      onDone();
    } catch (error) {
      setFormError(submitError(error, form.setError, FIELDS));
    }
  };
  return (
    <form
      className="ks-panel"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      data-testid="address-form"
    >
      <h2 className="ks-panel__title">
        {editing ? t('account.addresses.edit') : t('account.addresses.add')}
      </h2>
      <PostalAddressFields
        register={form.register}
        control={form.control}
        errors={errors}
        prefix=""
        testPrefix="address"
      />
      <CheckboxField
        label={t('account.addresses.makeDefault')}
        testId="address-default"
        {...form.register('isDefault')}
      />
      <FormAlert testId="address-error">{formError}</FormAlert>
      <div className="ks-form-actions">
        <button
          type="submit"
          className="ks-button ks-button--primary"
          disabled={isSubmitting}
          data-testid="address-save"
        >
          {t('account.save')}
        </button>
        <button type="button" className="ks-button ks-button--ghost" onClick={onDone}>
          {t('account.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The member's addresses: exactly one default, which cannot be deleted. */
export function MyAddressRoute() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const addresses = useAddresses();
  const [editing, setEditing] = useState<AddressDto | 'new' | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: accountKeys.addresses() });

  const remove = async (id: number): Promise<void> => {
    setConfirming(null);
    setAlert(null);
    try {
      await deleteAddress(id);
      notify.success(t('api.address.deleted'));
    } catch (error) {
      setAlert(error instanceof Error ? error.message : t('toast.error.default'));
    }
    await refresh();
  };
  const makeDefault = async (id: number): Promise<void> => {
    await setDefaultAddress(id).catch(() => null);
    await refresh();
  };

  const list = addresses.data ?? [];
  return (
    <section data-testid="my-address">
      <AccountHeading title={t('account.nav.address')}>
        {editing === null ? (
          <button
            type="button"
            className="ks-button ks-button--primary"
            onClick={() => setEditing('new')}
            data-testid="address-add"
          >
            <Plus aria-hidden="true" size={18} />
            {t('account.addresses.add')}
          </button>
        ) : null}
      </AccountHeading>
      {editing !== null ? (
        <AddressForm
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <FormAlert testId="address-alert">{alert}</FormAlert>
      {addresses.isSuccess && list.length === 0 && editing === null ? (
        <EmptyState icon={MapPin} title={t('account.addresses.empty')} testId="address-empty" />
      ) : (
        <ul className="ks-card-list">
          {list.map((address) => (
            <li key={address.id} className="ks-list-card" data-testid="address-card">
              <div>
                <p className="ks-list-card__title">
                  {`${address.firstName} ${address.lastName}`}{' '}
                  {address.isDefault ? (
                    <span className="ks-tag ks-tag--accent" data-testid="address-default-tag">
                      {t('account.addresses.default')}
                    </span>
                  ) : null}
                </p>
                <p className="ks-list-card__text">
                  {[...postalAddressLines(address).slice(1), address.phone].join('\n')}
                </p>
              </div>
              <div className="ks-list-card__actions">
                {confirming === address.id ? (
                  <>
                    <span>{t('account.addresses.confirmDelete')}</span>
                    <button
                      type="button"
                      className="ks-button ks-button--small ks-button--primary"
                      onClick={() => void remove(address.id)}
                      data-testid="address-confirm-delete"
                    >
                      {t('account.delete')}
                    </button>
                    <button
                      type="button"
                      className="ks-button ks-button--small ks-button--ghost"
                      onClick={() => setConfirming(null)}
                    >
                      {t('account.cancel')}
                    </button>
                  </>
                ) : (
                  <>
                    {address.isDefault ? null : (
                      <button
                        type="button"
                        className="ks-button ks-button--small ks-button--ghost"
                        onClick={() => void makeDefault(address.id)}
                        data-testid="address-make-default"
                      >
                        <Star aria-hidden="true" size={16} />
                        {t('account.addresses.setDefault')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="ks-button ks-button--small ks-button--secondary"
                      onClick={() => setEditing(address)}
                      data-testid="address-edit"
                    >
                      <Pencil aria-hidden="true" size={16} />
                      {t('account.edit')}
                    </button>
                    <button
                      type="button"
                      className="ks-button ks-button--small ks-button--ghost"
                      onClick={() => setConfirming(address.id)}
                      data-testid="address-delete"
                    >
                      <Trash2 aria-hidden="true" size={16} />
                      {t('account.delete')}
                    </button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
