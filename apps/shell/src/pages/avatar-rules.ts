/** Avatar (docs/front-end.md#the-shells-frame): jpg/png only, at most 500 kb. Returns the i18n key of the
 * problem, if any. */
export function avatarProblem(file: {
  type: string;
  size: number;
}): 'profile.avatarType' | 'profile.avatarSize' | undefined {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return 'profile.avatarType';
  if (file.size / 1024 > 500) return 'profile.avatarSize';
  return undefined;
}
