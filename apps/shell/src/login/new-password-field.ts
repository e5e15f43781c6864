import type { FieldDef, Label } from '@tongxin/resources';

/** A password being chosen (registration, a change of one's own): checked in the form by the shared
 * `password` rule (its minimum length), since the server receives only its md5. */
export const newPasswordField = (name: string, label: Label): FieldDef => ({
  name,
  kind: 'string',
  label,
  rule: 'password',
});
