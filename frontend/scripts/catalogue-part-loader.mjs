/**
 * webpack loader for the catalogues of `locales/`: each text travels only where it is shown.
 * A catalogue imported as it is is the shop's part: without the staff console's texts (the
 * `staff` namespace and the console's API messages, `api.staff`) and without the e-mails'
 * (`email`, which only the server renders). Imported with `?console` it is only the console's
 * texts, `{ staff, api: { staff } }` (the console's language chunks merge it in deeply).
 *
 * @this {{ resourceQuery: string }}
 * @param {string} source
 * @returns {string}
 */
export default function catalogueParts(source) {
  const catalogue = JSON.parse(source);
  if (/\bconsole\b/.test(this.resourceQuery)) {
    return JSON.stringify({
      staff: catalogue.staff ?? {},
      api: { staff: catalogue.api?.staff ?? {} },
    });
  }
  const shop = { ...catalogue };
  delete shop.staff;
  delete shop.email;
  if (shop.api) {
    shop.api = { ...shop.api };
    delete shop.api.staff;
  }
  return JSON.stringify(shop);
}
