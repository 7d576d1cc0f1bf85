// D10 limits on the editable profile, mirrored from the server so mistakes show before saving.
export const MIN_USERNAME_LENGTH = 2;
export const MAX_USERNAME_LENGTH = 50;
export const MAX_BIO_LENGTH = 500;

export interface ProfileForm {
  displayName: string;
  bio: string;
  interests: string[];
}

export type ProfileErrors = Partial<Record<keyof ProfileForm, string>>;

export function validateProfile(form: ProfileForm, catalogue: readonly string[]): ProfileErrors {
  const errors: ProfileErrors = {};
  const name = form.displayName.trim();
  if (name.length < MIN_USERNAME_LENGTH || name.length > MAX_USERNAME_LENGTH) {
    errors.displayName = 'Username must be between 2 and 50 characters';
  }
  if (form.bio.length > MAX_BIO_LENGTH) errors.bio = 'Bio must be 500 characters or fewer';
  if (catalogue.length > 0 && form.interests.some((interest) => !catalogue.includes(interest))) {
    errors.interests = 'Please choose interests from the list';
  }
  return errors;
}
