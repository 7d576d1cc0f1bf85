/** accounts: deleting an account and everything it owns (D3). Its public surface. */
export { AccountResolver } from './account.resolver';
export { AccountService, type IdentityAdmin } from './account.service';
