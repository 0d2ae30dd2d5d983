export { Banner, type BannerProps } from './Banner';
export { Feedback, type FeedbackKind } from './Feedback';
export { StatusTag, type StatusChip } from './StatusTag';
export { CARGANDO, NO, SI, VACIO_VALOR } from './texts';
export { Avatar, date, Facts, money, orDash, ReadOnlyCheck, siNo, withUnit, type Fact } from './values';
export { loadFeedback, type LoadFeedbackTexts } from './load-feedback';
