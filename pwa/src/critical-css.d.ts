// The first paint's part of a stylesheet, made at build time by pwa/build/critical-css.ts.
declare module '*.css?critical' {}
