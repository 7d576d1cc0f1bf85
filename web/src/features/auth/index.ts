// The auth feature's public API: the only part of it another feature may import. Settings
// re-authenticates and changes the password with the same rules and messages as the sign-in
// screens. Its pages are not listed here: app/router.tsx loads each page module lazily by its own
// path, and the auth provider (app/) imports the sync step by path, so the first bundle gets
// nothing else of this feature.
export { googleErrorMessage, passwordChangeErrorMessage } from './firebase-errors';
export { hasErrors, validatePasswordChange, type FieldErrors, type PasswordChangeForm } from './validation';
