// The editable profile's rules (D10) are @campus-clips/rules', the ones the api applies, so a
// mistake shows before saving, in the words the server would use.
import { bioSchema, displayNameSchema, interestsSchema, problemOf } from '@campus-clips/rules';

export interface ProfileForm {
  displayName: string;
  bio: string;
  interests: string[];
}

export type ProfileErrors = Partial<Record<keyof ProfileForm, string>>;

export function validateProfile(form: ProfileForm): ProfileErrors {
  const errors: ProfileErrors = {};
  const displayName = problemOf(displayNameSchema, form.displayName);
  if (displayName) errors.displayName = displayName;
  const bio = problemOf(bioSchema, form.bio);
  if (bio) errors.bio = bio;
  const interests = problemOf(interestsSchema, form.interests);
  if (interests) errors.interests = interests;
  return errors;
}
