/** What shows while the first page's chunk loads: the dark background, nothing to read. */
export function RouteLoading() {
  return <div className="ks-route-loading" aria-busy="true" />;
}
