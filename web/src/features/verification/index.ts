// The verification feature's public API (issue 25): the banner every signed-in screen shows while
// the account's e-mail is not verified.
export { VerifyEmailBanner } from './verify-email-banner';
