export { type ConnectionTestPage, connectionTestPage } from './page.ts';
