import type { ConsoleProductDto } from '@/api/types';

import {
  emptyProductForm,
  fieldOfError,
  fieldsOfForm,
  formOfProduct,
  missingLanguages,
  slugOf,
} from './product-form';

describe('the product form', () => {
  it('reads amounts and sends every language in order', () => {
    const form = emptyProductForm();
    form.price = '19.99';
    form.listPrice = '';
    form.texts['en-US'].title = 'Star Voyager';
    form.texts.ja.title = '星の旅人';
    const parsed = fieldsOfForm(form);
    if (!('fields' in parsed)) throw new Error('expected fields');
    expect(parsed.fields.priceUsd).toBe(1999);
    expect(parsed.fields.listPriceUsd).toBe(0);
    expect(parsed.fields.requirements).toBeNull();
    expect(parsed.fields.texts).toHaveLength(18);
    expect(parsed.fields.texts.find((texts) => texts.language === 'ja')?.title).toBe('星の旅人');
    expect(missingLanguages(form)).toHaveLength(16);
  });

  it('names amounts that are not amounts', () => {
    const form = { ...emptyProductForm(), price: 'ten', listPrice: '1.234', perOrderLimit: 'x' };
    expect(fieldsOfForm(form)).toEqual({
      errors: {
        priceUsd: 'api.field.notANumber',
        listPriceUsd: 'api.field.notANumber',
        perOrderLimit: 'api.field.notANumber',
      },
    });
  });

  it('maps server errors on texts back to their language', () => {
    expect(fieldOfError('texts[8].title')).toBe('ja.title');
    expect(fieldOfError('texts')).toBe('en-US.title');
    expect(fieldOfError('sku')).toBe('sku');
  });

  it('round-trips a saved product', () => {
    const product = {
      id: 7,
      state: 'draft',
      version: 2,
      cover: null,
      screenshots: [],
      countries: [],
      missingLanguages: [],
      createdAt: 0,
      updatedAt: 0,
      fields: {
        sku: 'STAR',
        gameName: 'star-voyager',
        gameExtName: 'steam-global',
        type: 'game',
        platform: 'steam',
        region: 'global',
        releaseDate: '2026-02-28',
        priceUsd: 1999,
        listPriceUsd: 2999,
        perOrderLimit: 5,
        texts: [{ language: 'en-US', title: 'Star Voyager' }],
      },
    } as ConsoleProductDto;
    const form = formOfProduct(product);
    expect([form.price, form.listPrice, form.texts['en-US'].title]).toEqual([
      '19.99',
      '29.99',
      'Star Voyager',
    ]);
  });

  it('makes addresses from titles', () => {
    expect(slugOf('Crimson Frontier: Ashes II')).toBe('crimson-frontier-ashes-ii');
    expect(slugOf('  星の旅人 ')).toBe('');
  });
});
