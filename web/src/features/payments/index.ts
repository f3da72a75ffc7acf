// The public module of web/src/features/payments: what other rooms may use. Anything not listed here is private to the room.
export { browser, paymentsApi } from './api';
export { LoadError, PageHeader } from './components/page-header';
export { SUBSCRIPTION_STATES, formatDate, formatMoney } from './format';
export { useLoad } from './use-load';
export { paymentKeys } from './query-keys';
