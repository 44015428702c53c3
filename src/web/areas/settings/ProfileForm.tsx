// The old place of the profile form, kept while CompleteProfilePage imports it from here;
// new code uses ui/ProfileForm (presentational) or ProfileEditor (loads and saves).
export { ProfileEditor as ProfileForm } from './ProfileEditor';
