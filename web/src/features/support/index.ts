// The public module of web/src/features/support (issue 34 item 10): help, contact, terms and privacy. Pages are loaded lazily by the router.
export { SUPPORT_PAGES } from './info-page';
