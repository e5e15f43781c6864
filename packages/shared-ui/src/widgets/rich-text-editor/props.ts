/** The rich-text field's props (RichTextEditor.tsx), apart so the lazily loaded editor need not import
 * the file that loads it. */
export interface RichTextEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  /** Shows the content without toolbar, not editable (detail and audit views). */
  readOnly?: boolean;
  placeholder?: string;
  id?: string;
}
