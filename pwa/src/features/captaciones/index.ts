/** What app/ composes into the captaciones screens: the detail's slot (its screens load by import()). */
export { CAPTACION_DETAIL_SECTIONS, type CaptacionSectionProps, type CaptacionSectionExtra } from './detail/sections';
