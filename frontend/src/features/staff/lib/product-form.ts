import type {
  ConsoleProductDto,
  ConsoleProductFields,
  Genre,
  Language,
  Platform,
  ProductType,
  Region,
} from '@/api/types';
import { LanguageValues } from '@/api/vocabulary';

import { majorText, minorUnits } from './coupon-form';

/** A product's texts in one language, as typed. */
export interface LanguageTextsForm {
  title: string;
  description: string;
  activationGuide: string;
}

export interface RequirementForm {
  os: string;
  cpu: string;
  memory: string;
  graphics: string;
  storage: string;
}

/** The product editor's state: amounts as typed, texts per catalogue language. */
export interface ProductForm {
  sku: string;
  gameName: string;
  gameExtName: string;
  type: ProductType;
  platform: Platform;
  region: Region;
  developer: string;
  publisher: string;
  releaseDate: string;
  price: string;
  listPrice: string;
  perOrderLimit: string;
  preorder: boolean;
  genres: Genre[];
  languages: Language[];
  minimum: RequirementForm;
  recommended: RequirementForm;
  texts: Record<Language, LanguageTextsForm>;
}

const EMPTY_REQUIREMENTS: RequirementForm = {
  os: '',
  cpu: '',
  memory: '',
  graphics: '',
  storage: '',
};

function emptyTexts(): Record<Language, LanguageTextsForm> {
  return Object.fromEntries(
    LanguageValues.map((code) => [code, { title: '', description: '', activationGuide: '' }]),
  ) as Record<Language, LanguageTextsForm>;
}

export function emptyProductForm(): ProductForm {
  return {
    sku: '',
    gameName: '',
    gameExtName: '',
    type: 'game',
    platform: 'steam',
    region: 'global',
    developer: '',
    publisher: '',
    releaseDate: '',
    price: '',
    listPrice: '',
    perOrderLimit: '10',
    preorder: false,
    genres: [],
    languages: ['en-US'],
    minimum: EMPTY_REQUIREMENTS,
    recommended: EMPTY_REQUIREMENTS,
    texts: emptyTexts(),
  };
}

/** `Crimson Frontier: Ashes II` → `crimson-frontier-ashes-ii` (the address the server takes). */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

export function formOfProduct(product: ConsoleProductDto): ProductForm {
  const fields = product.fields;
  const texts = emptyTexts();
  for (const written of fields.texts) {
    if ((LanguageValues as readonly string[]).includes(written.language)) {
      texts[written.language as Language] = {
        title: written.title ?? '',
        description: written.description ?? '',
        activationGuide: written.activationGuide ?? '',
      };
    }
  }
  return {
    sku: fields.sku,
    gameName: fields.gameName,
    gameExtName: fields.gameExtName,
    type: fields.type,
    platform: fields.platform,
    region: fields.region,
    developer: fields.developer ?? '',
    publisher: fields.publisher ?? '',
    releaseDate: fields.releaseDate,
    price: majorText(fields.priceUsd),
    listPrice:
      fields.listPriceUsd && fields.listPriceUsd !== fields.priceUsd
        ? majorText(fields.listPriceUsd)
        : '',
    perOrderLimit: String(fields.perOrderLimit),
    preorder: fields.preorder ?? false,
    genres: fields.genres ?? [],
    languages: fields.languages ?? [],
    minimum: { ...EMPTY_REQUIREMENTS, ...fields.requirements?.minimum },
    recommended: { ...EMPTY_REQUIREMENTS, ...fields.requirements?.recommended },
    texts,
  };
}

/** The catalogue languages with no title typed yet (the shop shows English there). */
export function missingLanguages(form: ProductForm): Language[] {
  return LanguageValues.filter((code) => form.texts[code].title.trim() === '');
}

const blank = (set: RequirementForm): boolean =>
  [set.os, set.cpu, set.memory, set.graphics, set.storage].every((value) => value.trim() === '');

/**
 * The form as the API takes it, or the fields it gets wrong (amounts that are not amounts).
 * Texts go in the order of `LanguageValues`, all of them: the server leaves out a language with
 * nothing written, and names a bad one `texts[i]`, which `fieldOfError` maps back.
 */
export function fieldsOfForm(
  form: ProductForm,
): { fields: ConsoleProductFields } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const price = minorUnits(form.price);
  if (price === null) errors.priceUsd = 'api.field.notANumber';
  const listPrice = form.listPrice.trim() === '' ? 0 : minorUnits(form.listPrice);
  if (listPrice === null) errors.listPriceUsd = 'api.field.notANumber';
  const perOrderLimit = Number(form.perOrderLimit);
  if (!Number.isInteger(perOrderLimit)) errors.perOrderLimit = 'api.field.notANumber';
  if (Object.keys(errors).length > 0 || price === null || listPrice === null) return { errors };
  return {
    fields: {
      sku: form.sku.trim(),
      gameName: form.gameName.trim(),
      gameExtName: form.gameExtName.trim(),
      type: form.type,
      platform: form.platform,
      region: form.region,
      developer: form.developer,
      publisher: form.publisher,
      releaseDate: form.releaseDate,
      priceUsd: price,
      listPriceUsd: listPrice,
      perOrderLimit,
      preorder: form.preorder,
      genres: form.genres,
      languages: form.languages,
      requirements:
        blank(form.minimum) && blank(form.recommended)
          ? null
          : { minimum: form.minimum, recommended: form.recommended },
      texts: LanguageValues.map((language) => ({ language, ...form.texts[language] })),
    },
  };
}

/**
 * Where the editor shows a server field error: `texts[3].title` is the title of the fourth
 * language sent (`ja.title`); `texts` (no English title) is the English title.
 */
export function fieldOfError(field: string): string {
  if (field === 'texts') return 'en-US.title';
  const match = /^texts\[(\d+)\]\.(\w+)$/.exec(field);
  if (!match) return field;
  const language = LanguageValues[Number(match[1])];
  return language === undefined ? field : `${language}.${match[2] ?? ''}`;
}
