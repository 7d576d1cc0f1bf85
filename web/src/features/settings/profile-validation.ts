// The editable profile's rules (D10) are @campus-clips/rules' checkProfileForm, the ones the api
// applies, so a mistake shows before saving, in the words the server would use.
import { checkProfileForm } from '@campus-clips/rules';

export interface ProfileForm {
  displayName: string;
  bio: string;
  interests: string[];
}

export type ProfileErrors = Partial<Record<keyof ProfileForm, string>>;

export function validateProfile(form: ProfileForm): ProfileErrors {
  const checked = checkProfileForm(form);
  return checked.ok ? {} : checked.problems;
}
