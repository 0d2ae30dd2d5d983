/** What app/ composes into the captaciones screens: the slots of its detail and its list (its screens load by import()). */
export { CAPTACION_DETAIL_SECTIONS, CAPTACION_LIST_FILTERS, type CaptacionListFilterProps, type CaptacionSectionProps, type CaptacionSectionExtra } from './detail/sections';
