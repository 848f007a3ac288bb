/**
 * webpack loader for the catalogues of `locales/`: the staff console's texts (the `staff`
 * namespace) travel only with the console. A catalogue imported as it is loses `staff` (the
 * shop's bundle and language chunks carry none of it); imported with `?console` it is only
 * `{ staff }` (the console's language chunks).
 *
 * @this {{ resourceQuery: string }}
 * @param {string} source
 * @returns {string}
 */
export default function catalogueParts(source) {
  const catalogue = JSON.parse(source);
  if (/\bconsole\b/.test(this.resourceQuery)) {
    return JSON.stringify({ staff: catalogue.staff ?? {} });
  }
  const shop = { ...catalogue };
  delete shop.staff;
  return JSON.stringify(shop);
}
