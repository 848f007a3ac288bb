/** Stylesheets are side-effect imports handled by webpack (extracted) and stubbed in Jest. */
declare module '*.css';
