/**
 * Small rules every entity shares, kept once: reading loose values, people's names, the list
 * search, the newest-first order, form errors and typed numbers. Entity folders import these
 * instead of keeping copies.
 */
export * from './values';
export * from './names';
export * from './search';
export * from './order';
export * from './form-errors';
export * from './yup-issues';
export * from './numbers';
