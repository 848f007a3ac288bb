/** Stylesheets are side-effect imports handled by webpack (extracted) and stubbed in Jest. */
declare module '*.css';

/** A catalogue's staff console part (`@locales/<code>.json?console`, split off by webpack). */
declare module '*.json?console' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
