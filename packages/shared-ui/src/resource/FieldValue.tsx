import type { FieldDef } from '@tongxin/resources';
import { RegionText } from '../widgets/RegionCascader';
import { RichTextView } from '../widgets/RichTextEditor';
import { Uploader } from '../widgets/Uploader';
import { comparisonText } from './comparison';
import { DictTag, displayValue } from './fields';
import { useCrudT, useLabel } from './i18n';
import { RevealButton, useRevealedRow } from './reveal';
import type { Row } from './wire';

/** A field's value of a row, with an eye (显示完整信息) beside personal data that came masked (reveal.tsx): a table cell (`cell`: text only for files and rich text) or the record
 * view (`view`: the files themselves, the formatted text). Dictionary values are tags in their colour.
 * A `compare` field is its changes as text here; the record view shows it as a table (Comparison). */
export function FieldValue({ field, row, mode }: { field: FieldDef; row: Row; mode: 'cell' | 'view' }) {
  const shown = useRevealedRow(field, row);
  return (
    <>
      <PlainValue field={field} row={shown} mode={mode} />
      <RevealButton field={field} row={shown} />
    </>
  );
}

/** The value itself (personal data as the server sent it: masked, or revealed). */
function PlainValue({ field, row, mode }: { field: FieldDef; row: Row; mode: 'cell' | 'view' }) {
  const t = useCrudT();
  const label = useLabel();
  const value = row[field.name];
  if (field.compare) return <>{comparisonText(field, row, label)}</>;
  if (field.dict) return <DictTag dict={field.dict} value={value} />;
  if (field.kind === 'flag') return <>{Number(value) === 1 ? t('yes') : t('no')}</>;
  if (field.kind === 'region') return <RegionText value={value} />;
  if (mode === 'view' && (field.kind === 'images' || field.kind === 'files'))
    return <Uploader value={value as string} readOnly accept={field.accept} maxCount={field.maxCount ?? 1} />;
  if (mode === 'view' && field.kind === 'richtext') return <RichTextView value={value} />;
  const shown = displayValue(field, row, label);
  return <>{shown === undefined || shown === null ? '' : String(shown)}</>;
}
