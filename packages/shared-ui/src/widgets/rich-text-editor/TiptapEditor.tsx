import { useEffect, useMemo, useRef, type ChangeEvent } from 'react';
import { App } from 'antd';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useCrudT } from '../../resource/i18n';
import { sanitizeHtml } from '../rich-text';
import type { RichTextEditorProps } from './props';
import { richTextExtensions } from './extensions';
import { Toolbar } from './Toolbar';
import './rich-text-editor.css';

/** The editor's value: its HTML without the empty paragraph the editor keeps after a final table or
 * list (to type after it), or '' when it holds nothing. */
const htmlOf = (editor: Editor): string =>
  editor.isEmpty ? '' : editor.getHTML().replace(/(<p><\/p>)+$/, '');

/** Puts an outside value into the editor (sanitised first, like everything shown), without an update event. */
const load = (editor: Editor, value: string | undefined) =>
  editor.commands.setContent(sanitizeHtml(value ?? ''), { emitUpdate: false });

/**
 * The rich-text field (tiptap): marks, headings, lists, quotes, links, alignment, images uploaded
 * through the file API, tables. Value in and out is an HTML string, so stored rows and the server's
 * sanitiser (which stores it cleaned) keep working. Read-only (`disabled` / `readOnly`): no toolbar,
 * not editable. Loaded lazily by RichTextEditor: only a form with a rich-text field pays for it.
 */
export default function TiptapEditor({
  value,
  onChange,
  disabled,
  readOnly,
  placeholder,
  id,
}: RichTextEditorProps) {
  const t = useCrudT();
  const { message } = App.useApp();
  const editable = !disabled && !readOnly;
  const emitted = useRef<string | undefined>(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const picker = useRef<HTMLInputElement>(null);
  const extensions = useMemo(
    () => richTextExtensions(placeholder, () => void message.error(t('uploadFailed'))),
    [placeholder, message, t],
  );
  const editor = useEditor({
    extensions,
    content: sanitizeHtml(value ?? ''),
    editable,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        class: 'tx-richtext-view',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(placeholder ? { 'aria-placeholder': placeholder } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      emitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  // a value from outside (the form's initial or reset value) replaces the content; our own echo does not
  useEffect(() => {
    if (value === emitted.current || (value ?? '') === htmlOf(editor)) return;
    emitted.current = value;
    load(editor, value);
  }, [editor, value]);

  useEffect(() => editor.setEditable(editable, false), [editor, editable]);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    editor.commands.uploadImages(files);
  };

  return (
    <div
      className="tx-richtext-editor"
      style={{ border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6 }}
    >
      {editable && <Toolbar editor={editor} onImage={() => picker.current?.click()} />}
      <input
        ref={picker}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label={t('richImage')}
        onChange={pick}
      />
      <EditorContent editor={editor} />
    </div>
  );
}
