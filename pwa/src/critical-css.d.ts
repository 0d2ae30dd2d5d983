// The first paint's part of a stylesheet, made at build time by pwa/build/critical-css.ts.
declare module '*.css?critical' {}

// The whole Blueprint sheet's pieces, in order (pwa/build/critical-css.ts `blueprintSheetParts`).
declare module 'virtual:blueprint-sheet-parts' {
  const urls: readonly string[];
  export default urls;
}
