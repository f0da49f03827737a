// What the rest of the page may use of the support desk: its page, loaded on demand by the router.
export { SupportRoute } from './SupportRoute';
